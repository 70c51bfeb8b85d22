import type { Infer } from '@vinejs/vine/types'
import type { joinSharedDeckValidator } from '#validators/sharing'
import ApiException from '#exceptions/api_exception'
import DeckCollaborator from '#models/deck_collaborator'
import type User from '#models/user'
import { findSharedDeck } from '#queries/sharing/shared_deck'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * POST deck_collaborators: the caller joins the deck a live link opens, as
 * a viewer. Joining again is the same row (`created` false). A participant
 * the owner removed comes back only through a newer link than the one live
 * when they were removed; one disabled by sharing stopping comes back
 * through the new link. Either comes back as a viewer.
 */
export async function joinSharedDeck(
  user: User,
  input: Infer<typeof joinSharedDeckValidator>,
  options: ActionOptions = {}
) {
  if (input.user_id !== user.id)
    throw ApiException.of('E_FORBIDDEN', { key: 'join_for_other_user' })
  return withTransaction(options.trx, async (trx) => {
    const deck = await findSharedDeck(input.sharing_token, trx)
    if (deck.userId === user.id)
      throw ApiException.of('E_OWNER_CANNOT_JOIN', { field: 'sharing_token' })
    const existing = await DeckCollaborator.query({ client: trx })
      .where({ deck_id: deck.id, user_id: user.id })
      .forUpdate()
      .first()
    if (existing?.state === 'active') return { deck, collaborator: existing, created: false }
    if (existing?.state === 'deleted' && existing.removedToken === input.sharing_token) {
      throw ApiException.of('E_COLLABORATOR_REMOVED')
    }
    const collaborator =
      existing ?? new DeckCollaborator().fill({ deckId: deck.id, userId: user.id })
    collaborator.merge({ role: 'viewer', state: 'active', removedToken: null })
    await collaborator.useTransaction(trx).save()
    return { deck, collaborator, created: !existing }
  })
}
