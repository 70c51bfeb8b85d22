import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import type Deck from '#models/deck'
import DeckPolicy from '#policies/deck_policy'

/** A note is what its deck is to the caller: every role reads it, the owner and editors change it. */
export default class NotePolicy extends BasePolicy {
  view(user: User, note: { deck: Deck }) {
    return new DeckPolicy().view(user, note.deck)
  }

  edit(user: User, note: { deck: Deck }) {
    return new DeckPolicy().edit(user, note.deck)
  }
}
