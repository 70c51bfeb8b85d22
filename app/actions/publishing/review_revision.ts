import { DateTime } from 'luxon'
import type { Infer } from '@vinejs/vine/types'
import type { rejectRevisionValidator } from '#validators/publishing'
import ApiException from '#exceptions/api_exception'
import PublicDeck from '#models/public_deck'
import type User from '#models/user'
import { assertModerator, findRevision } from '#queries/publishing/find_revision'
import { withTransaction, type ActionOptions } from '#actions/action'

const notPending = () => ApiException.of('E_REVISION_NOT_PENDING')

/**
 * A moderator's decision on a pending revision. Approving makes it what the
 * library shows (and clones and updates copy); rejecting (rejectRevision)
 * keeps its reason for the author, and the library keeps the last approved
 * revision.
 */
export async function approveRevision(
  moderator: User,
  input: { id: unknown },
  options: ActionOptions = {}
) {
  await assertModerator(moderator)
  return withTransaction(options.trx, async (trx) => {
    const revision = await findRevision(moderator, input.id, trx, 'moderate')
    if (revision.status !== 'pending') throw notPending()
    const now = DateTime.now()
    revision.merge({ status: 'approved', reason: null, reviewedBy: moderator.id, reviewedAt: now })
    await revision.useTransaction(trx).save()
    const totals = await trx
      .from('library_notes')
      .where('revision_id', revision.id)
      .select(trx.raw('count(*)::int as notes, coalesce(sum(cards_count), 0)::int as cards'))
      .first()
    const publicDeck = await PublicDeck.query({ client: trx })
      .where('id', revision.publicDeckId)
      .forUpdate()
      .firstOrFail()
    publicDeck.merge({
      status: 'approved',
      currentRevisionId: revision.id,
      name: revision.name,
      description: revision.description,
      notesCount: totals.notes,
      cardsCount: totals.cards,
      approvedAt: now,
      unpublishedAt: null,
    })
    await publicDeck.useTransaction(trx).save()
    return revision
  })
}

/** The validated body (the reason the author reads) and the revision's id. */
export async function rejectRevision(
  moderator: User,
  input: Infer<typeof rejectRevisionValidator> & { id: unknown },
  options: ActionOptions = {}
) {
  await assertModerator(moderator)
  return withTransaction(options.trx, async (trx) => {
    const revision = await findRevision(moderator, input.id, trx, 'moderate')
    if (revision.status !== 'pending') throw notPending()
    revision.merge({
      status: 'rejected',
      reason: input.reason,
      reviewedBy: moderator.id,
      reviewedAt: DateTime.now(),
    })
    await revision.useTransaction(trx).save()
    return revision
  })
}
