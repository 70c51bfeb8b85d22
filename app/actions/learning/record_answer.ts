import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import { newProgressRow } from '#models/card_progress'
import { progressOf } from '#scheduling/progress_row'
import type { AnswerInput, AnswerResult } from '#types/answers'
import { preparedQuery } from '#services/prepared_query'
import type { StudyContext } from '#queries/learning/study_context'
import type { AnswerSnapshot } from '#queries/learning/answer_snapshot'
import { limitOf } from '#services/plan_limits'
import { learnAheadOf } from '#queries/learning/session_counters'
import { placementFor } from '#queries/learning/due_counts'
import { refreshStreak } from '#actions/study/refresh_streak'
import { answerRows, refitDue } from '#actions/learning/answer_rows'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'
import { dispatch } from '#services/queue'
import { burySiblings } from '#actions/learning/bury_cards'

/*
 * The app's half of a study answer: what only it can do. The scheduler
 * works out what the answer writes, from the card's progress row as read;
 * mnemo_record_answer (database/sql/mnemo_record_answer_v3.sql), the one
 * place of the answer's rules, decides under its locks and writes; its
 * outcome becomes the reply here, a day made active has its streak
 * worked out again, and the card's siblings are buried when the deck says so.
 */

/** What mnemo_record_answer answers (the rules in database/sql/mnemo_record_answer_v3.sql). */
type AnswerOutcome =
  | 'ok'
  | 'replayed'
  | 'stale'
  | 'frozen'
  | 'suspended'
  | 'not_due'
  | 'daily_limit'
  | 'guest_limit'
  | 'moved'

interface RecordedRow {
  outcome: AnswerOutcome
  card_version: number | null
  card_row: Record<string, any> | null
  leech: boolean | null
  day_cards: number | null
  total_cards: number | null
}

export type Recorded = Awaited<ReturnType<typeof recordAnswer>>

const CALL = 'select * from mnemo_record_answer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)'

/**
 * One call of mnemo_record_answer for the answer, worked out on `read` (the
 * card and its progress row as the answer found it). Without `trx` the call
 * is a statement of its own, prepared once per connection; with it, it runs
 * in the caller's transaction (the fallback, which holds the locks already).
 */
export async function recordAnswer(
  context: StudyContext,
  input: AnswerInput,
  read: Pick<AnswerSnapshot, 'card' | 'row' | 'stored'>,
  trx?: TransactionClientContract
) {
  const { user, now, today } = context
  const write = {
    card: read.card,
    row: read.row,
    answer: input.answer,
    at: now,
    day: today,
    source: 'session' as const,
    durationMs: input.durationMs ?? 0,
    sentDurationMs: input.durationMs ?? null,
  }
  const rows = answerRows(context, write, await placementFor(context, write, trx))
  const { kind, limit } = limitOf(user)
  const values = [
    user.id,
    read.card.id,
    input.version ?? null,
    read.row.version,
    !read.stored,
    JSON.stringify(rows.progress),
    JSON.stringify(rows.review),
    kind,
    limit,
    ACTIVE_DAY_CARDS,
    /* when a card is due, as the session's queue hands cards out (app/queries/learning/queue.ts) */
    learnAheadOf(now),
    context.dayEnd,
  ]
  const [row] = trx
    ? await trx
        .rawQuery(CALL.replace(/\$\d+/g, '?'), values)
        .then((result) => result.rows as RecordedRow[])
    : await preparedQuery<RecordedRow>('record-answer-v3', CALL, values)
  return {
    ...row,
    card: read.card,
    scheduled: rows.outcome,
    limit,
    stateBefore: String(read.row.state),
  }
}

/** The refusal an outcome stands for, or null for 'ok', 'replayed' and 'moved'. */
export function refusalOf(recorded: Pick<Recorded, 'outcome' | 'limit'>) {
  const values = { limit: recorded.limit }
  switch (recorded.outcome) {
    case 'stale':
      return ApiException.of('E_STALE_ANSWER')
    case 'frozen':
      return ApiException.of('E_CARD_FROZEN')
    case 'suspended':
      return ApiException.of('E_CARD_SUSPENDED')
    case 'not_due':
      return ApiException.of('E_CARD_NOT_DUE')
    case 'guest_limit':
      return ApiException.of('E_GUEST_STUDY_LIMIT', { values })
    case 'daily_limit':
      return ApiException.of('E_DAILY_LEARNING_LIMIT', { values })
    default:
      return null
  }
}

/**
 * The reply to an outcome (never 'moved': the caller works that answer out
 * again): a refusal is thrown; a replayed answer gives the card as it is
 * now; a written one the card as the scheduler left it. The answer that
 * makes the day active works the streak out again (the write marked it
 * stale, so a failure here heals at the next read), and every so many
 * answers the learner's FSRS weights are fitted again.
 */
export async function replyTo(
  context: StudyContext,
  input: AnswerInput,
  recorded: Recorded
): Promise<AnswerResult> {
  const refusal = refusalOf(recorded)
  if (refusal) throw refusal
  const { card, scheduled } = recorded
  if (recorded.outcome === 'replayed') {
    const row = recorded.card_row ?? newProgressRow(card.deck_id, recorded.card_version!)
    return {
      cardId: card.id,
      answer: input.answer,
      progress: progressOf(row),
      version: recorded.card_version!,
      isFrozen: Boolean(row.frozen),
      leech: Boolean(recorded.leech),
      replayed: true,
      buriedCardIds: [],
    }
  }
  if (recorded.outcome !== 'ok')
    throw new Error(`mnemo_record_answer answered ${recorded.outcome} for card ${card.id}`)
  const { user, today } = context
  const streakMoved = recorded.day_cards === ACTIVE_DAY_CARDS
  if (streakMoved) await refreshStreak(user.id, today)
  if (refitDue(context, recorded.total_cards!)) void dispatch('fit_fsrs', { userId: user.id })
  /* the deck's sibling burying (off unless its options say so): the siblings leave today's study */
  const buriedCardIds = await burySiblings(context, card.id, recorded.stateBefore)
  return {
    cardId: card.id,
    answer: input.answer,
    progress: scheduled.progress,
    version: recorded.card_version!,
    isFrozen: scheduled.leech,
    leech: scheduled.leech,
    replayed: false,
    streakMoved,
    buriedCardIds,
  }
}
