import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import { progressColumns, progressOf } from '#models/card_progress'
import type { StudyContext } from '#queries/learning/study_context'
import { assertMayStudy } from '#actions/learning/study_limits'
import { recordStudiedCard } from '#actions/learning/study_days'
import { lockLearner } from '#actions/learning/learner_lock'
import { answersOf, outcomesFor } from '#scheduling/scheduler'
import type { Answer, Progress } from '#scheduling/types'
import { reviewLogRow } from '#actions/learning/review_log_row'
import { dispatch } from '#services/queue'
import { MIN_REVIEWS_TO_FIT } from '#scheduling/fsrs_optimizer'

export interface AnswerInput {
  cardId: number
  answer: Answer
  /** the progress version the card was shown with; without it the answer is on the card as it is now */
  version?: number
  /** review_duration_ms as sent (undefined: not sent) */
  durationMs?: number
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

/*
 * How long after an answer the very same request (same card, button and
 * review_duration_ms) counts as the client retrying it, while the card is
 * not due again: the spec's clients give up on a request after 120 s and
 * retry, so a retry lands within about two minutes of the first attempt.
 */
export const RETRY_WINDOW_MS = 3 * 60_000
/* nobody reveals and answers a card in less than this: an answer's showing began at least this long before it arrived */
export const MIN_SHOWING_MS = 1000
/* the learner's own FSRS weights are fitted again every this many answers, once there are enough */
const REFIT_EVERY = 500

function kindOf(state: Progress['state'], answer: Answer) {
  if (answer === 'study_again' || answer === 'got_it') return 'speed'
  if (state === 'review') return 'review'
  if (state === 'relearning') return 'relearn'
  return 'learn'
}

/**
 * One answer, written with its review row in one transaction. The learner's
 * row, then the card's progress row are locked (the lock order is in
 * learner_lock.ts), so one learner's answers run one after another.
 *
 * With `version` (the version the card was shown with), a retried request
 * (same card, version and answer) finds its review already written and
 * changes nothing; a racing second answer or an answer to a card that
 * changed since it was shown is refused. Without it (the spec's body), the
 * answer is on the card as it is now, unless it repeats the learner's last
 * answer to the card (retryVerdict): then the first result is replayed.
 */
export async function answerCard(context: StudyContext, input: AnswerInput): Promise<AnswerResult> {
  const { user, now, today } = context
  if (!answersOf(context.algorithm).includes(input.answer)) {
    throw new ApiException(422, 'E_VALIDATION_ERROR', 'validation', { field: 'answer' })
  }
  const result = await db.transaction(async (trx) => {
    /* the learner first, then the card: the one lock order of every answer path (learner_lock.ts) */
    await lockLearner(user.id, trx)
    const card = await trx.from('cards').where('id', input.cardId).whereIn('deck_id', context.deckIds).first()
    if (!card) throw ApiException.notFound()

    const row = await lockProgress(trx, user.id, card)

    if (input.version !== undefined && row.version !== input.version) return replayOrRefuse(trx, context, input, row)
    if (input.version === undefined) {
      const last = await lastAnswer(trx, user.id, card.id, row.version)
      const verdict = last ? retryVerdict(last, row, input, now) : 'new'
      if (verdict === 'replay') return replayed(input, row, last)
      if (verdict === 'stale') throw new ApiException(409, 'E_STALE_ANSWER', 'stale_answer', { hasBody: true })
    }
    if (row.frozen) throw new ApiException(409, 'E_CARD_FROZEN', 'card_frozen')
    if (await isSuspended(trx, user.id, card.id)) throw new ApiException(409, 'E_CARD_SUSPENDED', 'card_suspended', { hasBody: true })
    await assertMayStudy(user, card.id, today, trx)

    const { outcome, version } = await writeAnswer(trx, context, {
      card, row, answer: input.answer, at: now, day: today, durationMs: input.durationMs ?? 0, source: 'session',
      sentDurationMs: input.durationMs ?? null,
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
  /** a session answer's review_duration_ms as sent, what a retry is recognised by */
  sentDurationMs?: number | null
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
  await trx.table('review_logs').insert(reviewLogRow({
    userId: user.id,
    cardId: card.id,
    deckId: card.deck_id,
    answer: input.answer,
    kind: kindOf(before.state, input.answer),
    stateBefore: before.state,
    versionBefore: input.source === 'session' ? row.version : null,
    intervalBefore: before.intervalDays,
    intervalAfter: outcome.progress.intervalDays,
    easeAfter: outcome.progress.ease,
    stabilityAfter: outcome.progress.stability,
    difficultyAfter: outcome.progress.difficulty,
    dueAtAfter: outcome.progress.dueAt,
    reviewedAt: now,
    studyDay: input.day,
    durationMs: input.durationMs,
    previous: snapshot(row),
    source: input.source,
    sentDurationMs: input.sentDurationMs,
  }))
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
  /* when the card changed again since (an undo, an edit of its progress), the leech it may have made is history */
  if (earlier && earlier.answer === input.answer) return replayed(input, row, earlier.version_before + 1 === row.version ? earlier : null)
  throw new ApiException(409, 'E_STALE_ANSWER', 'stale_answer', { hasBody: true })
}

/** The first result again: the card as that answer left it (a leech is told again). */
function replayed(input: AnswerInput, row: any, review: Record<string, any> | null): AnswerResult {
  const before = review ? (typeof review.previous === 'string' ? JSON.parse(review.previous) : review.previous) : null
  return {
    cardId: input.cardId, answer: input.answer, progress: progressOf(row), version: row.version, isFrozen: row.frozen,
    leech: Boolean(review && row.frozen && before && !before.frozen), replayed: true,
  }
}

/** The learner's session answer that brought the card to its current version, if nothing changed it since. */
async function lastAnswer(trx: TransactionClientContract, userId: number, cardId: number, version: number) {
  return trx
    .from('review_logs')
    .where({ user_id: userId, card_id: cardId, source: 'session', version_before: version - 1 })
    .first()
}

/**
 * An answer without `version`, against the learner's last answer to the card
 * (the one that made its current version):
 *
 * - begun before that answer was recorded (its review_duration_ms, at least
 *   MIN_SHOWING_MS, reaches back past it; or it arrived first and lost the
 *   race for the lock): the same showing of the card, sent twice or raced.
 *   The same button replays; another is stale.
 * - the same request again (same button and review_duration_ms), within
 *   RETRY_WINDOW_MS and before the card is due again: a network retry, replayed.
 * - anything else is a new answer. A learner who sees the card again (a
 *   learning step ends, or learn-ahead brings it back) measures a new
 *   duration that starts after the last answer: it counts.
 */
export function retryVerdict(
  last: { reviewed_at: Date | string; answer: string; sent_duration_ms: number | null },
  row: { due_at: Date | string | null },
  input: Pick<AnswerInput, 'answer' | 'durationMs'>,
  now: Date
): 'replay' | 'stale' | 'new' {
  const answeredAt = new Date(last.reviewed_at).getTime()
  const shownAt = now.getTime() - Math.max(input.durationMs ?? 0, MIN_SHOWING_MS)
  const same = last.answer === input.answer
  if (shownAt < answeredAt) return same ? 'replay' : 'stale'
  const sent = input.durationMs === undefined ? null : Math.round(input.durationMs)
  const dueAgain = row.due_at !== null && new Date(row.due_at).getTime() <= now.getTime()
  if (same && last.sent_duration_ms === sent && now.getTime() - answeredAt <= RETRY_WINDOW_MS && !dueAgain) return 'replay'
  return 'new'
}

export async function isSuspended(client: TransactionClientContract, userId: number, cardId: number) {
  return Boolean(await client.from('card_suspensions').where({ user_id: userId, card_id: cardId }).first())
}

/** The whole progress row as undo puts it back. */
export function snapshot(row: Record<string, any>) {
  const { user_id: _user, card_id: _card, created_at: _created, updated_at: _updated, version: _version, ...rest } = row
  return rest
}
