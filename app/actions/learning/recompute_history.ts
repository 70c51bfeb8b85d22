import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { progressColumns } from '#models/card_progress'
import type { StudyContext } from '#queries/learning/study_context'
import { progressOf } from '#scheduling/progress_row'
import { outcomesFor } from '#scheduling/scheduler'
import type { Answer, Progress } from '#scheduling/types'
import { reviewLogRow } from '#actions/learning/review_log_row'

/*
 * An answer given offline that is older than the card's latest answer (the
 * card was studied on another device meanwhile, decision 0095): the answer
 * joins the card's history where its time puts it, and the card's schedule
 * is worked out again from there, every answer in time order, from the
 * state the card was in before the first of them (the `previous` snapshot of
 * the earliest later review, what undo would put back). The scheduler runs
 * as it runs for every answer (the deck's algorithm, the learner's FSRS
 * weights, the card's fuzz), with the plain fuzz day: the learner's calendar
 * of the past (load balancing, an exam) is not known again, so the days are
 * those the scheduler gives alone. The later reviews keep their answers and
 * times; what each made of the card (its state before, interval, ease,
 * memory, due day, and the snapshot undo puts back) is written again.
 */

export interface OfflineAnswer {
  card: { id: number; deck_id: number }
  answer: Answer
  at: Date
  day: string
  durationMs: number
  clientReviewId: string | null
}

type Step = { progress: Progress; leech: boolean }

function kindOf(state: string, answer: Answer) {
  if (answer === 'study_again' || answer === 'got_it') return 'speed' as const
  if (state === 'review') return 'review' as const
  if (state === 'relearning') return 'relearn' as const
  return 'learn' as const
}

/* the progress row before an answer, as undo puts it back (answer_rows.ts snapshot) */
function snapshotOf(progress: Progress, deckId: number, frozen: boolean) {
  return { ...progressColumns(progress), deck_id: deckId, frozen }
}

/* one answer on `before`: the scheduler's outcome, or the card unchanged for a button the deck's mode lacks now */
function step(
  context: StudyContext,
  cardId: number,
  before: Progress,
  answer: Answer,
  at: Date
): Step {
  const outcome = outcomesFor({
    cardId,
    progress: before,
    algorithm: context.algorithm,
    fsrsParameters: context.fsrsParameters,
    now: at,
  })[answer]
  return outcome
    ? { progress: outcome.progress, leech: outcome.leech }
    : { progress: before, leech: false }
}

/* what a review row says of its answer, from the card before and after it */
function reviewFields(before: Progress, after: Progress, answer: Answer) {
  return {
    kind: kindOf(before.state, answer),
    state_before: before.state,
    interval_before: before.intervalDays,
    interval_after: after.intervalDays,
    ease_after: Math.round(after.ease * 1000),
    stability_after: after.stability,
    difficulty_after: after.difficulty,
    due_at_after: after.dueAt,
  }
}

/**
 * The offline answer placed in the card's history and the card worked out
 * again from there: answers the progress and the review row to write
 * (mnemo_write_answer), after rewriting what each later review made of the
 * card. The caller holds the learner's and the card's locks.
 */
export async function recomputeWith(
  trx: TransactionClientContract,
  context: StudyContext,
  input: OfflineAnswer,
  row: Record<string, any>
) {
  const { user } = context
  const later = await trx
    .from('review_logs')
    .where({ user_id: user.id, card_id: input.card.id })
    .where('reviewed_at', '>=', input.at)
    .orderBy('reviewed_at')
    .orderBy('id')
    .select('id', 'answer', 'reviewed_at', 'previous')
  const first = later[0]?.previous
  /* no review after it to start from (the row came from elsewhere: an import without history): from the row */
  const base = later.length
    ? progressOf(typeof first === 'string' ? JSON.parse(first) : first)
    : progressOf(row)
  const frozenBefore = Boolean(row.frozen)
  /* the offline answer first, then every later one, in time order */
  let before = base
  let leech = false
  const mine = step(context, input.card.id, before, input.answer, input.at)
  leech ||= mine.leech
  const review = reviewLogRow({
    userId: user.id,
    cardId: input.card.id,
    deckId: input.card.deck_id,
    answer: input.answer,
    kind: kindOf(before.state, input.answer),
    stateBefore: before.state,
    versionBefore: null,
    intervalBefore: before.intervalDays,
    intervalAfter: mine.progress.intervalDays,
    easeAfter: mine.progress.ease,
    stabilityAfter: mine.progress.stability,
    difficultyAfter: mine.progress.difficulty,
    dueAtAfter: mine.progress.dueAt,
    reviewedAt: input.at,
    studyDay: input.day,
    durationMs: input.durationMs,
    previous: snapshotOf(before, input.card.deck_id, frozenBefore),
    source: 'offline',
  })
  before = mine.progress
  for (const other of later) {
    const next = step(context, input.card.id, before, other.answer, new Date(other.reviewed_at))
    leech ||= next.leech
    await trx
      .from('review_logs')
      .where('id', other.id)
      .update({
        ...reviewFields(before, next.progress, other.answer),
        previous: JSON.stringify(snapshotOf(before, input.card.deck_id, frozenBefore || leech)),
      })
    before = next.progress
  }
  /* with nothing to replay after it, the answer joins the history and the card keeps its schedule */
  const progress = {
    ...progressColumns(later.length ? before : base),
    deck_id: input.card.deck_id,
    frozen: frozenBefore || leech,
  }
  return { progress, review }
}
