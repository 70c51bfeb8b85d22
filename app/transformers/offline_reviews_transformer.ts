import { BaseTransformer } from '@adonisjs/core/transformers'
import { offlineProgress } from '#transformers/offline_deck_transformer'
import type {
  OfflineCardState,
  OfflineReplay,
  OfflineReviewOutcome,
  ReplayResult,
} from '#types/offline'

/**
 * POST learning/log_cards_review and the web's POST /learn/offline_reviews:
 * what became of each answer given offline (applied, a duplicate, or not
 * applied and why), the counts as the spec's clients read them, and the
 * cards the batch named as the server has them now (app/types/offline.ts).
 */
export default class OfflineReviewsTransformer extends BaseTransformer<ReplayResult> {
  toObject(): OfflineReplay {
    const { results, cards } = this.resource
    const shaped = results.map((result): OfflineReviewOutcome => ({
      clientReviewId: result.clientReviewId,
      cardId: result.cardId,
      reviewedAt: result.reviewedAt.toISOString(),
      status: result.status,
      reason: result.reason,
      recomputed: result.recomputed,
    }))
    return {
      accepted: results.filter((result) => result.status === 'applied').length,
      duplicates: results.filter((result) => result.status === 'duplicate').length,
      rejected: shaped.flatMap(({ cardId, reviewedAt, reason }) =>
        reason ? [{ cardId, reviewedAt, reason }] : []
      ),
      results: shaped,
      cards: cards.map((card): OfflineCardState => ({
        ...card,
        progress: offlineProgress(card.progress),
      })),
    }
  }
}
