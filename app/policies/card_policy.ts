import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import type Deck from '#models/deck'
import DeckPolicy from '#policies/deck_policy'

/**
 * A card of a deck the caller sees: every role studies it with their own
 * progress (answer, freeze, remove from their study, its statistics); the
 * owner and editors change its content (the note behind it).
 */
export default class CardPolicy extends BasePolicy {
  view(user: User, card: { deck: Deck }) {
    return new DeckPolicy().view(user, card.deck)
  }

  edit(user: User, card: { deck: Deck }) {
    return new DeckPolicy().edit(user, card.deck)
  }
}
