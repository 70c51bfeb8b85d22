import { progressColumns } from '#models/card_progress'
import { progressOf } from '#scheduling/progress_row'
import type { StudyContext } from '#queries/learning/study_context'
import { placedOutcome, type Placement } from '#scheduling/scheduler'
import type { Answer, ProgressState } from '#scheduling/types'
import { reviewLogRow } from '#actions/learning/review_log_row'
import { MIN_REVIEWS_TO_FIT } from '#scheduling/fsrs_optimizer'

/* the learner's own FSRS weights are fitted again every this many answers, once there are enough */
const REFIT_EVERY = 500

export interface WriteAnswer {
  card: { id: number; deck_id: number }
  /** the card's progress row as the answer finds it */
  row: Record<string, any>
  answer: Answer
  at: Date
  day: string
  durationMs: number
  source: 'session' | 'offline'
  /** a session answer's review_duration_ms as sent, what a retry is recognised by */
  sentDurationMs?: number | null
}

function kindOf(state: ProgressState, answer: Answer) {
  if (answer === 'study_again' || answer === 'got_it') return 'speed'
  if (state === 'review') return 'review'
  if (state === 'relearning') return 'relearn'
  return 'learn'
}

/**
 * What an answer writes, worked out from the card's progress row: the
 * scheduler's outcome placed on the learner's calendar, the progress columns (a leech freezes the card), the
 * next version and the review row, as mnemo_record_answer and
 * mnemo_write_answer take them (record_answer.ts, log_offline_reviews.ts).
 */
export function answerRows(
  context: StudyContext,
  input: WriteAnswer,
  placement: Placement = { load: null, exam: null }
) {
  const { user } = context
  const { card, row, at: now } = input
  const before = progressOf(row)
  /*
   * the learner's calendar (placementFor: load balancing, easy days, an exam ahead) may move the day within
   * its range
   */
  const outcome = placedOutcome(
    {
      cardId: card.id,
      progress: before,
      algorithm: context.algorithm,
      fsrsParameters: context.fsrsParameters,
      now,
    },
    input.answer,
    placement
  )
  const progress = {
    ...progressColumns(outcome.progress),
    deck_id: card.deck_id,
    frozen: Boolean(row.frozen) || outcome.leech,
  }
  const review = reviewLogRow({
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
  })
  return { outcome, version: row.version + 1, progress, review }
}

/** Whether the learner's `total`-th answer is one after which their FSRS weights are fitted again. */
export function refitDue(context: StudyContext, total: number) {
  return (
    context.algorithm.scheduler === 'fsrs' &&
    total >= MIN_REVIEWS_TO_FIT &&
    total % REFIT_EVERY === 0
  )
}

/** The whole progress row as undo puts it back. */
function snapshot(row: Record<string, any>) {
  const {
    user_id: _user,
    card_id: _card,
    created_at: _created,
    updated_at: _updated,
    version: _version,
    ...rest
  } = row
  return rest
}
