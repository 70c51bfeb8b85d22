import { BaseTransformer } from '@adonisjs/core/transformers'
import type { OfflineResult } from '#types/answers'

/** POST learning/log_cards_review: how many answers given offline were recorded, replayed or refused (and why). */
export default class OfflineReviewsTransformer extends BaseTransformer<OfflineResult> {
  toObject() {
    const { accepted, duplicates, rejected } = this.resource
    return {
      accepted,
      duplicates,
      rejected: rejected.map(({ cardId, reviewedAt, reason }) => ({ cardId, reviewedAt, reason })),
    }
  }
}
