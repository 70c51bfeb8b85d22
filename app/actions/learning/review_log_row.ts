import { RATING_NUMBER, type Answer, type ProgressState } from '#scheduling/types'

import { answerTimeOf } from '#scheduling/answer_time'

export { MAX_ANSWER_MS, answerTimeOf } from '#scheduling/answer_time'

/** Anki's revlog type, plus the two-button mode. */
type ReviewKind = 'learn' | 'review' | 'relearn' | 'speed'

export interface ReviewLogInput {
  userId: number
  cardId: number
  deckId: number
  answer: Answer
  kind: ReviewKind
  stateBefore: ProgressState
  /** the progress version the answer was given on (a session's answer); null: offline or imported */
  versionBefore: number | null
  intervalBefore: number
  intervalAfter: number
  /** the ease factor after the answer (2.5), kept in thousandths */
  easeAfter: number
  stabilityAfter?: number | null
  difficultyAfter?: number | null
  dueAtAfter?: Date | null
  reviewedAt: Date
  /** the learner's study day of `reviewedAt` */
  studyDay: string
  /** how long the answer took: capped (answerTimeOf) */
  durationMs: number
  /** the progress row before the answer, what undo puts back (none for history read from a file) */
  previous?: Record<string, unknown> | null
  source: 'session' | 'offline' | 'import'
  /** a session answer's review_duration_ms exactly as sent, what a retry is recognised by */
  sentDurationMs?: number | null
}

/**
 * The one way a `review_logs` row is built (an answer in a session or
 * offline, or history an import brings), holding its rules: the rating is
 * the answer's (1–4 as FSRS and Anki count them), the answer time is capped,
 * the ease kept in thousandths.
 */
export function reviewLogRow(input: ReviewLogInput) {
  return {
    user_id: input.userId,
    card_id: input.cardId,
    deck_id: input.deckId,
    answer: input.answer,
    rating: RATING_NUMBER[input.answer],
    kind: input.kind,
    state_before: input.stateBefore,
    version_before: input.versionBefore,
    interval_before: input.intervalBefore,
    interval_after: input.intervalAfter,
    ease_after: Math.round(input.easeAfter * 1000),
    stability_after: input.stabilityAfter ?? null,
    difficulty_after: input.difficultyAfter ?? null,
    due_at_after: input.dueAtAfter ?? null,
    reviewed_at: input.reviewedAt,
    study_day: input.studyDay,
    duration_ms: answerTimeOf(input.durationMs),
    previous: input.previous ? JSON.stringify(input.previous) : null,
    source: input.source,
    sent_duration_ms:
      input.sentDurationMs === undefined || input.sentDurationMs === null
        ? null
        : Math.round(input.sentDurationMs),
  }
}
