import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import type DeckRevision from '#models/deck_revision'

/*
 * Revisions of a published deck (find_revision.ts finds only those the
 * caller may see, the others are a 404): the author reads and unpublishes
 * their own; moderators (users.is_admin) read any, approve and reject.
 */
export default class RevisionPolicy extends BasePolicy {
  view(user: User, revision: DeckRevision) {
    return revision.userId === user.id || user.isAdmin
  }

  unpublish(user: User, revision: DeckRevision) {
    return revision.userId === user.id ? true : AuthorizationResponse.deny('deck_owner_only', 403)
  }

  moderate(user: User) {
    return user.isAdmin ? true : AuthorizationResponse.deny('moderators_only', 403)
  }
}
