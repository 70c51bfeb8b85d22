import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CardStats } from '#queries/learning/card_stats'
import { cardStatus } from '#scheduling/card_status'

/**
 * GET cards/{id}/stats and the learning page's card sheet: created, ease or FSRS memory, interval,
 * next review, status, reviews, average time, the history.
 */
export default class CardStatsTransformer extends BaseTransformer<CardStats> {
  toObject() {
    const { card, progress, frozen, suspended, history } = this.resource
    const totalMs = history.reduce((sum, review) => sum + review.duration_ms, 0)
    return {
      cardId: card.id,
      noteId: card.note_id,
      deckId: card.deck_id,
      createdAt: new Date(card.created_at).toISOString(),
      status: cardStatus(progress.state, frozen, progress.intervalDays),
      /* removed from this learner's study ("remove" in a session) */
      isSuspended: suspended,
      state: progress.state,
      ease: progress.ease || null,
      difficulty: progress.difficulty,
      stability: progress.stability,
      intervalDays: progress.intervalDays,
      nextReviewAt: progress.dueAt?.toISOString() ?? null,
      lastReviewedAt: progress.lastReviewedAt?.toISOString() ?? null,
      reviewsCount: history.length,
      lapses: progress.lapses,
      averageReviewTimeMs: history.length ? Math.round(totalMs / history.length) : null,
      totalReviewTimeMs: totalMs,
      history: history.map((review) => ({
        reviewedAt: new Date(review.reviewed_at).toISOString(),
        answer: review.answer,
        kind: review.kind,
        intervalDays: review.interval_after,
        ease: review.ease_after ? review.ease_after / 1000 : null,
        stability: review.stability_after,
        difficulty: review.difficulty_after,
        durationMs: review.duration_ms,
      })),
    }
  }
}
