import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import type { offlineReviewsValidator } from '#validators/learning'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { studyContext, type StudyContext } from '#queries/learning/study_context'
import { placementFor } from '#queries/learning/due_counts'
import { lockProgress } from '#actions/learning/answer_card'
import { answerRows, refitDue } from '#actions/learning/answer_rows'
import { lockLearner } from '#actions/learning/learner_lock'
import { recomputeWith, type OfflineAnswer } from '#actions/learning/recompute_history'
import { refreshStreak } from '#actions/study/refresh_streak'
import { limitOf } from '#services/plan_limits'
import { answersOf } from '#scheduling/scheduler'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'
import { studyDay } from '#scheduling/study_day'
import { progressOf } from '#scheduling/progress_row'
import type { Answer } from '#scheduling/types'
import type { OfflineRejectReason, ReplayedReview, ReplayResult } from '#types/offline'
import { withTransaction, type ActionOptions } from '#actions/action'
import { dispatch } from '#services/queue'

interface OfflineReview {
  index: number
  deckId: number
  cardId: number
  answer: Answer
  reviewedAt: Date
  durationMs: number
  clientReviewId: string | null
}

type Applied = { status: 'applied'; recomputed: boolean }
type Outcome =
  Applied | { status: 'duplicate' } | { status: 'rejected'; reason: OfflineRejectReason }

/* why a deck refuses its answers, from the error studyContext throws; anything else is no refusal of ours */
const DECK_REFUSALS: Record<string, OfflineRejectReason> = {
  E_DECK_ARCHIVED: 'deck_archived',
  E_DECK_UNAVAILABLE: 'deck_unavailable',
  E_NOT_FOUND: 'deck_not_found',
}

async function contextOrReason(
  user: User,
  deckId: number
): Promise<StudyContext | OfflineRejectReason> {
  try {
    return await studyContext(user, deckId)
  } catch (error) {
    const reason = error instanceof ApiException ? DECK_REFUSALS[error.code] : undefined
    if (!reason) throw error
    return reason
  }
}

/**
 * POST learning/log_cards_review (and the web's POST /learn/offline_reviews):
 * answers given offline, replayed in the order they were given, each as of
 * its own time and study day, each in a transaction of its own under the
 * learner's lock (decision 0095):
 *
 * - once: an answer whose `client_review_id` (or, without one, whose card and
 *   instant as an offline answer) is recorded already is a duplicate;
 * - an answer older than the card's latest one is recorded all the same, and
 *   the card's schedule worked out again from its history in time order
 *   (recompute_history.ts);
 * - not applied, with the reason: a card gone (its note deleted) or moved out
 *   of the deck, a deck archived, no longer shared with the learner or not
 *   theirs, a button the deck's mode lacks, the plan's limit used up on the
 *   answer's study day (a card already answered that day is free, as online);
 * - each answer counts on its study day, and the streak is worked out again.
 *
 * A batch whose every deck the learner cannot see at all is a 404, as any call on another learner's deck.
 */
export async function logOfflineReviews(
  user: User,
  input: Infer<typeof offlineReviewsValidator>,
  options: ActionOptions = {}
): Promise<ReplayResult> {
  const reviews: OfflineReview[] = input.reviews.map((review, index) => ({
    index,
    deckId: review.deck_id,
    cardId: review.card_id,
    answer: review.answer,
    reviewedAt: review.reviewed_at,
    durationMs: review.review_duration_ms ?? 0,
    clientReviewId: review.client_review_id ?? null,
  }))
  const contexts = new Map<number, StudyContext | OfflineRejectReason>()
  for (const deckId of new Set(reviews.map((review) => review.deckId)))
    contexts.set(deckId, await contextOrReason(user, deckId))
  if ([...contexts.values()].every((context) => context === 'deck_not_found'))
    throw ApiException.notFound()
  const ordered = [...reviews].sort(
    (a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime() || a.index - b.index
  )
  const results: ReplayedReview[] = new Array(reviews.length)
  for (const review of ordered) {
    const context = contexts.get(review.deckId)!
    const outcome: Outcome =
      typeof context === 'string'
        ? { status: 'rejected', reason: context }
        : !answersOf(context.algorithm).includes(review.answer)
          ? { status: 'rejected', reason: 'invalid_answer' }
          : await withTransaction(options.trx, (trx) => replayOne(trx, context, review))
    results[review.index] = {
      clientReviewId: review.clientReviewId,
      cardId: review.cardId,
      reviewedAt: review.reviewedAt,
      status: outcome.status,
      reason: outcome.status === 'rejected' ? outcome.reason : null,
      recomputed: outcome.status === 'applied' && outcome.recomputed,
    }
  }
  const seen = [...contexts.values()].flatMap((context) =>
    typeof context === 'string' ? [] : context.deckIds
  )
  return { results, cards: await cardsNow(user, reviews, seen, options.trx) }
}

/* the learner's limit on the answer's study day, as mnemo_record_answer holds an answer to it (rule 4) */
async function limitReached(
  trx: TransactionClientContract,
  user: User,
  cardId: number,
  day: string
) {
  const { kind, limit } = limitOf(user)
  if (kind === null) return null
  const { rows } = await trx.rawQuery(
    `select exists (select 1 from review_logs r where r.user_id = ? and r.card_id = ? and r.study_day = ?::date)
        as answered, mnemo_limit_used(?, ?, ?::date) as used`,
    [user.id, cardId, day, user.id, kind, day]
  )
  return !rows[0].answered && Number(rows[0].used) >= limit! ? kind : null
}

/** One answer, under the learner's lock then the card's (learner_lock.ts). */
async function replayOne(
  trx: TransactionClientContract,
  context: StudyContext,
  review: OfflineReview
): Promise<Outcome> {
  const { user } = context
  await lockLearner(user.id, trx)
  if (review.clientReviewId) {
    const seen = await trx
      .from('review_logs')
      .where({ user_id: user.id, client_review_id: review.clientReviewId })
      .first()
    if (seen) return { status: 'duplicate' }
  }
  const card = await trx.from('cards').where('id', review.cardId).select('id', 'deck_id').first()
  if (!card) return { status: 'rejected', reason: 'note_deleted' }
  if (!context.deckIds.includes(card.deck_id)) return { status: 'rejected', reason: 'not_in_deck' }
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
  if (seen) return { status: 'duplicate' }
  const answer: OfflineAnswer = {
    card,
    answer: review.answer,
    at: review.reviewedAt,
    day: studyDay(review.reviewedAt, user.timezoneOffset ?? 0),
    durationMs: review.durationMs,
    clientReviewId: review.clientReviewId,
  }
  const limit = await limitReached(trx, user, card.id, answer.day)
  if (limit) return { status: 'rejected', reason: `${limit}_limit` }
  const moved = row.last_reviewed_at && new Date(row.last_reviewed_at) >= review.reviewedAt
  const rows = moved
    ? await recomputeWith(trx, context, answer, row)
    : await inOrder(trx, context, answer, row)
  await writeOffline(trx, context, answer, row, rows)
  return { status: 'applied', recomputed: Boolean(moved) }
}

/* an answer after the card's latest: worked out as a session's answer is, on the learner's calendar */
async function inOrder(
  trx: TransactionClientContract,
  context: StudyContext,
  answer: OfflineAnswer,
  row: Record<string, any>
) {
  const write = { ...answer, row, source: 'offline' as const }
  const { progress, review } = answerRows(context, write, await placementFor(context, write, trx))
  return { progress, review }
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
  answer: OfflineAnswer,
  row: Record<string, any>,
  written: { progress: Record<string, unknown>; review: Record<string, unknown> }
) {
  const { user } = context
  const { rows } = await trx.rawQuery('select * from mnemo_write_answer(?, ?, false, ?, ?, ?, ?)', [
    user.id,
    answer.card.id,
    row.version,
    JSON.stringify(written.progress),
    JSON.stringify(written.review),
    ACTIVE_DAY_CARDS,
  ])
  /* mnemo_write_answer names the review's columns as version 2 had them: the device's id goes on after */
  if (answer.clientReviewId)
    await trx
      .from('review_logs')
      .where({
        user_id: user.id,
        card_id: answer.card.id,
        source: 'offline',
        reviewed_at: answer.at,
      })
      .update({ client_review_id: answer.clientReviewId })
  if (rows[0].day_cards === ACTIVE_DAY_CARDS) await refreshStreak(user.id, answer.day, { trx })
  if (refitDue(context, rows[0].total_cards))
    trx.after('commit', () => void dispatch('fit_fsrs', { userId: user.id }))
}

/* the cards the batch named in decks the learner sees, as their progress has them now (never answered: new) */
async function cardsNow(
  user: User,
  reviews: OfflineReview[],
  deckIds: number[],
  trx?: TransactionClientContract
) {
  const ids = [...new Set(reviews.map((review) => review.cardId))]
  const [cards, rows] = await Promise.all([
    (trx ?? db).from('cards').whereIn('id', ids).whereIn('deck_id', deckIds).select('id'),
    (trx ?? db).from('card_progress').where('user_id', user.id).whereIn('card_id', ids),
  ])
  const byCard = new Map(rows.map((row) => [row.card_id as number, row]))
  return cards
    .map((card) => card.id as number)
    .sort((a, b) => a - b)
    .map((cardId) => {
      const row = byCard.get(cardId)
      return {
        cardId,
        progress: progressOf(row),
        version: row?.version ?? 0,
        isFrozen: Boolean(row?.frozen),
      }
    })
}
