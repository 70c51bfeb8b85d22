import { preparedQuery } from '#services/prepared_query'
import type { StudyContext } from '#queries/learning/study_context'
import { answerSnapshot, type AnswerSnapshot } from '#queries/learning/answer_snapshot'
import { limitOf } from '#queries/learning/daily_limit'
import { refreshStreak } from '#actions/study/refresh_streak'
import { answerRows, refitDue } from '#actions/learning/answer_rows'
import { placementFor } from '#queries/learning/due_counts'
import { retryVerdict } from '#actions/learning/answer_retry'
import type { AnswerInput, AnswerResult } from '#types/answers'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'
import { dispatch } from '#services/queue'

/*
 * The study answer in two round trips, for the answers that are neither
 * retried, raced, stale nor refused (nearly all): one read of the deck and
 * the card as the learner has it (answerContext), the scheduler's work here,
 * then one call of mnemo_record_answer (database/migrations/0013_answer_speed.ts),
 * prepared once per connection like the read, which takes the same locks as the transaction path, checks that nothing moved since the
 * read and writes everything at once. Whenever anything is unusual (no such
 * card in the session, a version that is not the card's, a repeated or racing
 * answer, a frozen or suspended card, a limit reached, or the card changed
 * between the read and the write), it answers null and the caller takes the
 * transaction path (answerCard), which says exactly what happened.
 */

/** `read`: the card as answerContext read it with the deck; without it, the card is read now. */
export async function recordAnswer(context: StudyContext, input: AnswerInput, read?: AnswerSnapshot | null): Promise<AnswerResult | null> {
  const { user, now, today } = context
  const found = read === undefined ? await answerSnapshot(user.id, input.cardId, context.deckIds) : read
  if (!found || found.suspended || found.row.frozen) return null
  const { card, row, last } = found
  if (input.version !== undefined && input.version !== row.version) return null
  if (input.version === undefined && last && retryVerdict(last, row, input, now) !== 'new') return null

  const write = {
    card, row, answer: input.answer, at: now, day: today, durationMs: input.durationMs ?? 0, source: 'session' as const,
    sentDurationMs: input.durationMs ?? null,
  }
  const { outcome, version, progress, review } = answerRows(context, write, await placementFor(context, write))
  const { kind, limit } = limitOf(user)
  const [recorded] = await preparedQuery<{ outcome: string; day_cards: number; total_cards: number }>('record-answer', 'select * from mnemo_record_answer($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
    user.id, card.id, row.version, JSON.stringify(progress), JSON.stringify(review), today, kind, limit, ACTIVE_DAY_CARDS,
  ])
  if (recorded.outcome !== 'ok') return null

  /* the day just became active: the streak is worked out again (the write marked it stale, so a failure here heals at the next read) */
  const streakMoved = recorded.day_cards === ACTIVE_DAY_CARDS
  if (streakMoved) await refreshStreak(user.id, today)
  if (refitDue(context, recorded.total_cards)) void dispatch('fit_fsrs', { userId: user.id })
  return {
    cardId: card.id, answer: input.answer, progress: outcome.progress, version, isFrozen: outcome.leech,
    leech: outcome.leech, replayed: false, streakMoved,
  }
}
