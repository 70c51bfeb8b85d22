import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ApiException from '#exceptions/api_exception'
import DeckRevision from '#models/deck_revision'
import PublicDeck from '#models/public_deck'
import type User from '#models/user'
import { findRevision } from '#queries/publishing/find_revision'

/**
 * The author withdraws their deck from the library: hidden, no new clones;
 * learners who cloned it keep their decks. The revision (and any other still
 * waiting for review) becomes `unpublished`. Unpublishing twice answers the
 * same; publishing again starts a new review.
 */
export default class UnpublishRevision {
  async handle(user: User, revisionId: unknown) {
    return db.transaction(async (trx) => {
      const revision = await findRevision(user, revisionId, trx, 'unpublish')
      if (revision.status === 'unpublished') return revision
      if (revision.status === 'rejected') throw new ApiException(409, 'E_REVISION_NOT_LIVE', 'revision_not_live', { hasBody: true })
      const publicDeck = await PublicDeck.query({ client: trx }).where('id', revision.publicDeckId).forUpdate().firstOrFail()
      publicDeck.unpublishedAt = DateTime.now()
      await publicDeck.useTransaction(trx).save()
      await DeckRevision.query({ client: trx }).where('public_deck_id', publicDeck.id).where('status', 'pending').update({ status: 'unpublished' })
      revision.status = 'unpublished'
      await revision.useTransaction(trx).save()
      return revision
    })
  }
}
