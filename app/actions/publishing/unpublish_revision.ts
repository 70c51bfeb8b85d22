import { DateTime } from 'luxon'
import DeckRevision from '#models/deck_revision'
import PublicDeck from '#models/public_deck'
import type User from '#models/user'
import { findRevision } from '#queries/publishing/find_revision'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * The author withdraws their deck from the library: hidden, no new clones;
 * learners who cloned it keep their decks. The revision (and any other still
 * waiting for review) becomes `unpublished`; unpublishing by a rejected
 * revision's id hides the deck too. Unpublishing twice answers the
 * same; publishing again starts a new review.
 */
export async function unpublishRevision(
  user: User,
  input: { id: unknown },
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    const revision = await findRevision(user, input.id, trx, 'unpublish')
    if (revision.status === 'unpublished') return revision
    const publicDeck = await PublicDeck.query({ client: trx })
      .where('id', revision.publicDeckId)
      .forUpdate()
      .firstOrFail()
    publicDeck.unpublishedAt = DateTime.now()
    await publicDeck.useTransaction(trx).save()
    await DeckRevision.query({ client: trx })
      .where('public_deck_id', publicDeck.id)
      .where('status', 'pending')
      .update({ status: 'unpublished' })
    /* a rejected revision keeps its verdict and reason; the deck is hidden all the same */
    if (revision.status !== 'rejected') {
      revision.status = 'unpublished'
      await revision.useTransaction(trx).save()
    }
    return revision
  })
}
