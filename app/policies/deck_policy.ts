import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import type Deck from '#models/deck'

/*
 * What each role may do with a deck it can see (find_deck.ts reads the role
 * with the deck; a deck the caller cannot see never gets here, it is a 404):
 * - view: open, study with one's own progress, export, report: every role;
 * - edit: change notes, cards and subdecks: the owner and editors;
 * - manage: participants, sharing, settings of the whole deck, moving,
 *   archiving, deleting for everyone, publishing: the owner alone.
 */
export default class DeckPolicy extends BasePolicy {
  view(user: User, deck: Deck) {
    return deck.roleOf(user) !== null
  }

  edit(user: User, deck: Deck) {
    const role = deck.roleOf(user)
    return role === 'owner' || role === 'editor'
      ? true
      : AuthorizationResponse.deny('deck_read_only', 403)
  }

  manage(user: User, deck: Deck) {
    return deck.roleOf(user) === 'owner' ? true : AuthorizationResponse.deny('deck_owner_only', 403)
  }
}
