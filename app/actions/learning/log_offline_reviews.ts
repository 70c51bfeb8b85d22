import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { offlineReviewsValidator } from '#validators/learning'
import type User from '#models/user'
import { studyContext, type StudyContext } from '#queries/learning/study_context'
import { placementFor } from '#queries/learning/due_counts'
import { lockProgress } from '#actions/learning/answer_card'
import { answerRows, refitDue, type WriteAnswer } from '#actions/learning/answer_rows'
import { lockLearner } from '#actions/learning/learner_lock'
import { refreshStreak } from '#actions/study/refresh_streak'
import { answersOf } from '#scheduling/scheduler'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'
import { studyDay } from '#scheduling/study_day'
import type { Answer } from '#scheduling/types'
import type { OfflineResult } from '#types/answers'
import { withTransaction, type ActionOptions } from '#actions/action'
import { dispatch } from '#services/queue'

interface OfflineReview {
  deckId: number
  cardId: number
  answer: Answer
  reviewedAt: Date
  durationMs: number
}

/**
 * POST learning/log_cards_review: answers given offline, replayed in the
 * order they were given, each scheduled as of its own time. Uploading the
 * same batch twice records it once. An answer older than the card's latest
 * one (the card was studied on another device since) does not move it back.
 * Offline answers skip the daily limit: they were already given.
 */
export async function logOfflineReviews(
  user: User,
  input: Infer<typeof offlineReviewsValidator>,
  options: ActionOptions = {}
): Promise<OfflineResult> {
  const reviews: OfflineReview[] = input.reviews.map((review) => ({
    deckId: review.deck_id,
    cardId: review.card_id,
    answer: review.answer,
    reviewedAt: review.reviewed_at,
    durationMs: review.review_duration_ms ?? 0,
  }))
  const result: OfflineResult = { accepted: 0, duplicates: 0, rejected: [] }
  const ordered = [...reviews].sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime())
  const contexts = new Map<number, Awaited<ReturnType<typeof studyContext>>>()
  for (const review of ordered) {
    const reject = (reason: OfflineResult['rejected'][number]['reason']) =>
      result.rejected.push({
        cardId: review.cardId,
        reviewedAt: review.reviewedAt.toISOString(),
        reason,
      })
    if (!contexts.has(review.deckId))
      contexts.set(review.deckId, await studyContext(user, review.deckId))
    const context = contexts.get(review.deckId)!
    if (!answersOf(context.algorithm).includes(review.answer)) {
      reject('invalid_answer')
      continue
    }
    const outcome = await withTransaction(options.trx, async (trx) => {
      /* the learner first, then the card: the one lock order of every answer path (learner_lock.ts) */
      await lockLearner(user.id, trx)
      const card = await trx
        .from('cards')
        .where('id', review.cardId)
        .whereIn('deck_id', context.deckIds)
        .first()
      if (!card) return 'not_found' as const
      const row = await lockProgress(trx, user.id, card)
      const seen = await trx
        .from('review_logs')
        .where({
          user_id: user.id,
          card_id: card.id,
          source: 'offline',
          reviewed_at: review.reviewedAt,
        })
        .first()
      if (seen) return 'duplicate' as const
      if (row.last_reviewed_at && new Date(row.last_reviewed_at) >= review.reviewedAt)
        return 'outdated' as const
      await writeOffline(trx, context, {
        card,
        row,
        answer: review.answer,
        at: review.reviewedAt,
        day: studyDay(review.reviewedAt, user.timezoneOffset ?? 0),
        durationMs: review.durationMs,
        source: 'offline',
      })
      return 'accepted' as const
    })
    if (outcome === 'accepted') result.accepted++
    else if (outcome === 'duplicate') result.duplicates++
    else reject(outcome)
  }
  return result
}

/*
 * An offline answer written as a session's is (mnemo_write_answer,
 * database/sql/mnemo_record_answer_v2.sql: progress, review, study day,
 * lifetime count), on the row locked above; the day it made active has its
 * streak worked out again in the same transaction.
 */
async function writeOffline(
  trx: TransactionClientContract,
  context: StudyContext,
  input: WriteAnswer
) {
  const { user } = context
  const { progress, review } = answerRows(context, input, await placementFor(context, input, trx))
  const { rows } = await trx.rawQuery('select * from mnemo_write_answer(?, ?, false, ?, ?, ?, ?)', [
    user.id,
    input.card.id,
    input.row.version,
    JSON.stringify(progress),
    JSON.stringify(review),
    ACTIVE_DAY_CARDS,
  ])
  if (rows[0].day_cards === ACTIVE_DAY_CARDS) await refreshStreak(user.id, input.day, { trx })
  if (refitDue(context, rows[0].total_cards))
    trx.after('commit', () => void dispatch('fit_fsrs', { userId: user.id }))
}
