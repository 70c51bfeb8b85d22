import type { CollaboratorRole } from '#models/deck_collaborator'
import type User from '#models/user'
import CollaboratorPolicy from '#policies/collaborator_policy'
import { authorize } from '#services/authorize'
import { findCollaborator } from '#queries/sharing/collaborators'
import { withTransaction, type ActionOptions } from '#actions/action'

/** PUT deck_collaborators/{id}: the owner gives a participant another role. */
export async function changeRole(
  user: User,
  input: { id: unknown; role: CollaboratorRole },
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    const { collaborator, deck } = await findCollaborator(user, input.id, trx)
    await authorize(user, CollaboratorPolicy, 'manage', deck)
    collaborator.role = input.role
    await collaborator.useTransaction(trx).save()
    return { collaborator, deck }
  })
}

/**
 * DELETE deck_collaborators/{id}: the owner removes a participant, who loses
 * the deck at once (the access scope admits active rows only). The live
 * token is remembered: that link no longer lets them back in. Removing
 * twice changes nothing more.
 */
export async function removeCollaborator(
  user: User,
  input: { id: unknown },
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    const { collaborator, deck } = await findCollaborator(user, input.id, trx)
    await authorize(user, CollaboratorPolicy, 'manage', deck)
    if (collaborator.state !== 'deleted') {
      collaborator.merge({ state: 'deleted', removedToken: deck.sharingToken })
      await collaborator.useTransaction(trx).save()
    }
    return { collaborator, deck }
  })
}
