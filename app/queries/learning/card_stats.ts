import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { idParam } from '#queries/decks/find_deck'
import { progressOf } from '#models/card_progress'

export type CardStatus = 'not_studied' | 'learning' | 'not_quite' | 'got_it' | 'mastered' | 'frozen'

/* a review card with an interval of three weeks or more is mature, as Anki counts it */
export const MATURE_DAYS = 21

/** The spec's statuses as users see them. */
export function cardStatus(state: string, frozen: boolean): CardStatus {
  if (frozen) return 'frozen'
  switch (state) {
    case 'learning':
    case 'relearning':
      return 'learning'
    case 'study_again':
      return 'not_quite'
    case 'got_it':
      return 'got_it'
    case 'review':
      return 'mastered'
    default:
      return 'not_studied'
  }
}

/** The card sheet: created, ease or FSRS memory, interval, next review, status, reviews, average time, the history. */
export async function cardStats(user: User, cardId: unknown) {
  const card = await db
    .from('cards as c')
    .join('decks as d', 'd.id', 'c.deck_id')
    .where('c.id', idParam(cardId))
    .where('d.user_id', user.id)
    .select('c.id', 'c.note_id', 'c.deck_id', 'c.created_at')
    .first()
  if (!card) throw ApiException.notFound()
  const row = await db.from('card_progress').where({ user_id: user.id, card_id: card.id }).first()
  const progress = progressOf(row)
  const history = await db
    .from('review_logs')
    .where({ user_id: user.id, card_id: card.id })
    .orderBy('reviewed_at', 'desc')
    .orderBy('id', 'desc')
    .select('reviewed_at', 'answer', 'kind', 'interval_before', 'interval_after', 'ease_after', 'stability_after', 'difficulty_after', 'duration_ms')
  const totalMs = history.reduce((sum, review) => sum + review.duration_ms, 0)
  return {
    cardId: card.id,
    noteId: card.note_id,
    deckId: card.deck_id,
    createdAt: new Date(card.created_at).toISOString(),
    status: cardStatus(progress.state, row?.frozen ?? false),
    /* removed from this learner's study ("remove" in a session) */
    isSuspended: Boolean(await db.from('card_suspensions').where({ user_id: user.id, card_id: card.id }).first()),
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
