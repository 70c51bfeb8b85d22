import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import { progressColumns, progressOf } from '#models/card_progress'
import type { StudyContext } from '#queries/learning/study_context'
import { assertMayStudy } from '#actions/learning/study_limits'
import { recordStudiedCard } from '#actions/learning/study_days'
import { answersOf, outcomesFor } from '#scheduling/scheduler'
import { RATING_NUMBER, type Answer, type Progress } from '#scheduling/types'
import { dispatch } from '#services/queue'
import { MIN_REVIEWS_TO_FIT } from '#scheduling/fsrs_optimizer'

export interface AnswerInput {
  cardId: number
  answer: Answer
  /** the progress version the card was shown with */
  version: number
  durationMs: number
}

export interface AnswerResult {
  cardId: number
  answer: Answer
  progress: Progress
  version: number
  isFrozen: boolean
  leech: boolean
  /** true when this request repeated an answer already recorded */
  replayed: boolean
}

/* a review the learner spends longer than this on was a distraction, not thinking (Anki caps at 60 s) */
const MAX_DURATION_MS = 60_000
/* the learner's own FSRS weights are fitted again every this many answers, once there are enough */
const REFIT_EVERY = 500

function kindOf(state: Progress['state'], answer: Answer) {
  if (answer === 'study_again' || answer === 'got_it') return 'speed'
  if (state === 'review') return 'review'
  if (state === 'relearning') return 'relearn'
  return 'learn'
}

/**
 * One answer, written with its review row in one transaction. The card's
 * progress row is locked; the answer must name the version the card was
 * shown with. A retried request (same card, version and answer) finds its
 * review already written and changes nothing; a racing second answer or an
 * answer to a card that changed since it was shown is refused.
 */
export async function answerCard(context: StudyContext, input: AnswerInput): Promise<AnswerResult> {
  const { user, now, today } = context
  if (!answersOf(context.algorithm).includes(input.answer)) {
    throw new ApiException(422, 'E_VALIDATION_ERROR', 'validation', { field: 'answer' })
  }
  const result = await db.transaction(async (trx) => {
    const card = await trx.from('cards').where('id', input.cardId).whereIn('deck_id', context.deckIds).first()
    if (!card) throw ApiException.notFound()

    const row = await lockProgress(trx, user.id, card)

    if (row.version !== input.version) return replayOrRefuse(trx, context, input, row)
    if (row.frozen) throw new ApiException(409, 'E_CARD_FROZEN', 'card_frozen')
    await assertMayStudy(user, card.id, today, trx)

    const { outcome, version } = await writeAnswer(trx, context, {
      card, row, answer: input.answer, at: now, day: today, durationMs: input.durationMs, source: 'session',
    })
    return {
      cardId: card.id, answer: input.answer, progress: outcome.progress, version, isFrozen: outcome.leech,
      leech: outcome.leech, replayed: false,
    }
  })
  return result
}

/** The learner's progress row of a card, created as new if missing, locked until the transaction ends. */
export async function lockProgress(trx: TransactionClientContract, userId: number, card: { id: number; deck_id: number }) {
  const now = new Date()
  /*
   * A card whose progress was reset starts again after its last answered
   * version, never at 0: the old version's review still names it, and a
   * retried answer from before the reset must not land on the fresh card.
   */
  await trx.rawQuery(
    `insert into card_progress (user_id, card_id, deck_id, version, created_at, updated_at)
     select :user, :card, :deck, coalesce(max(version_before) + 1, 0), :now, :now
     from review_logs where user_id = :user and card_id = :card
     on conflict (user_id, card_id) do nothing`,
    { user: userId, card: card.id, deck: card.deck_id, now }
  )
  return trx.from('card_progress').where({ user_id: userId, card_id: card.id }).forUpdate().first()
}

export interface WriteAnswer {
  card: { id: number; deck_id: number }
  /** the locked progress row */
  row: Record<string, any>
  answer: Answer
  at: Date
  day: string
  durationMs: number
  source: 'session' | 'offline'
}

/** Moves the card on, writes its review row and counts the studied card: the part every answer shares. */
export async function writeAnswer(trx: TransactionClientContract, context: StudyContext, input: WriteAnswer) {
  const { user } = context
  const { card, row, at: now } = input
  const before = progressOf(row)
  const outcome = outcomesFor({ cardId: card.id, progress: before, algorithm: context.algorithm, fsrsParameters: context.fsrsParameters, now })[input.answer]!
  const version = row.version + 1
  await trx
    .from('card_progress')
    .where({ user_id: user.id, card_id: card.id })
    .update({ ...progressColumns(outcome.progress), deck_id: card.deck_id, frozen: Boolean(row.frozen) || outcome.leech, version, updated_at: new Date() })
  await trx.table('review_logs').insert({
    user_id: user.id,
    card_id: card.id,
    deck_id: card.deck_id,
    answer: input.answer,
    rating: RATING_NUMBER[input.answer],
    kind: kindOf(before.state, input.answer),
    state_before: before.state,
    version_before: input.source === 'session' ? row.version : null,
    interval_before: before.intervalDays,
    interval_after: outcome.progress.intervalDays,
    ease_after: Math.round(outcome.progress.ease * 1000),
    stability_after: outcome.progress.stability,
    difficulty_after: outcome.progress.difficulty,
    due_at_after: outcome.progress.dueAt,
    reviewed_at: now,
    study_day: input.day,
    duration_ms: Math.max(0, Math.min(MAX_DURATION_MS, Math.round(input.durationMs))),
    previous: JSON.stringify(snapshot(row)),
    source: input.source,
  })
  const studied = await recordStudiedCard(user.id, input.day, 1, trx)
  if (context.algorithm.scheduler === 'fsrs' && studied.total >= MIN_REVIEWS_TO_FIT && studied.total % REFIT_EVERY === 0) {
    trx.after('commit', () => void dispatch('fit_fsrs', { userId: user.id }))
  }
  return { outcome, version }
}

/*
 * The card moved on since it was shown. If this very answer moved it (the
 * client retried, or sent it twice at once), answer as the first time did;
 * anything else is a stale answer.
 */
async function replayOrRefuse(trx: TransactionClientContract, context: StudyContext, input: AnswerInput, row: any): Promise<AnswerResult> {
  const earlier = await trx
    .from('review_logs')
    .where({ user_id: context.user.id, card_id: input.cardId, version_before: input.version })
    .first()
  if (earlier && earlier.answer === input.answer) {
    return {
      cardId: input.cardId, answer: input.answer, progress: progressOf(row), version: row.version, isFrozen: row.frozen,
      leech: false, replayed: true,
    }
  }
  throw new ApiException(409, 'E_STALE_ANSWER', 'stale_answer', { hasBody: true })
}

/** The whole progress row as undo puts it back. */
export function snapshot(row: Record<string, any>) {
  const { user_id: _user, card_id: _card, created_at: _created, updated_at: _updated, version: _version, ...rest } = row
  return rest
}
