/* a review the learner spends longer than this on was a distraction, not thinking (Anki caps at 60 s) */
export const MAX_ANSWER_MS = 60_000

/** How long an answer took, as a review row keeps it: whole milliseconds, from 0 to MAX_ANSWER_MS. */
export const answerTimeOf = (durationMs: number) =>
  Math.max(0, Math.min(MAX_ANSWER_MS, Math.round(durationMs)))
