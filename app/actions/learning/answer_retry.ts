import type { AnswerInput } from '#types/answers'

/* How a repeated answer is told from a new one (what an answer asks and answers: app/types/answers.ts). */

/*
 * How long after an answer the very same request (same card, button and
 * review_duration_ms) counts as the client retrying it, while the card is
 * not due again: the spec's clients give up on a request after 120 s and
 * retry, so a retry lands within about two minutes of the first attempt.
 */
const RETRY_WINDOW_MS = 3 * 60_000
/* nobody reveals and answers a card in less than this: an answer's showing began at least this long before it arrived */
const MIN_SHOWING_MS = 1000

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
