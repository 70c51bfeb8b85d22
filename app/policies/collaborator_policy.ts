import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import type Deck from '#models/deck'

/*
 * Who may do what with the participants of a shared root deck (the deck
 * read with the caller's role, find_deck.ts; one that is not visible is a
 * 404 before this):
 * - list: everyone taking part sees who else does (the owner and every participant);
 * - manage: changing a role or removing someone: the owner alone.
 */
export default class CollaboratorPolicy extends BasePolicy {
  list(user: User, deck: Deck) {
    return deck.roleOf(user) !== null
  }

  manage(user: User, deck: Deck) {
    return deck.roleOf(user) === 'owner'
      ? true
      : AuthorizationResponse.deny('collaborators_owner_only', 403)
  }
}
