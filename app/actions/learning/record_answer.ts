import db from '@adonisjs/lucid/services/db'
import { newProgressRow } from '#models/card_progress'
import { preparedQuery } from '#services/prepared_query'
import type { StudyContext } from '#queries/learning/study_context'
import { limitOf } from '#queries/learning/daily_limit'
import { refreshStreak } from '#actions/study/refresh_streak'
import { answerRows, refitDue } from '#actions/learning/answer_rows'
import { retryVerdict, type AnswerInput, type AnswerResult } from '#actions/learning/answer_retry'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'
import { dispatch } from '#services/queue'

/*
 * The study answer in two round trips, for the answers that are neither
 * retried, raced, stale nor refused (nearly all): one read of the card as the
 * learner has it, the scheduler's work here, then one call of
 * mnemo_record_answer (database/migrations/0013_answer_speed.ts), which takes
 * the same locks as the transaction path, checks that nothing moved since the
 * read and writes everything at once. Whenever anything is unusual (no such
 * card in the session, a version that is not the card's, a repeated or racing
 * answer, a frozen or suspended card, a limit reached, or the card changed
 * between the read and the write), it answers null and the caller takes the
 * transaction path (answerCard), which says exactly what happened.
 */

/*
 * The card (in the session's decks), its progress row, whether it is
 * suspended and the session answer that made its current version. A card
 * never answered has no row yet: its version is the one the row will start
 * at (after the last answered version, if the progress was reset), and
 * mnemo_record_answer creates it. Writes nothing: no commit to wait for.
 */
const SNAPSHOT = `
  with card as (select id, deck_id from cards where id = $1 and deck_id = any($2))
  select p.*, card.deck_id as card_deck_id, v.version as card_version,
         exists (select 1 from card_suspensions s where s.user_id = $3 and s.card_id = card.id) as card_suspended,
         (select jsonb_build_object('reviewed_at', r.reviewed_at, 'answer', r.answer, 'sent_duration_ms', r.sent_duration_ms)
            from review_logs r
           where r.user_id = $3 and r.card_id = card.id and r.source = 'session' and r.version_before = v.version - 1
           limit 1) as last_answer
    from card
    left join card_progress p on p.card_id = card.id and p.user_id = $3
    cross join lateral (
      select coalesce(p.version, (select coalesce(max(version_before) + 1, 0) from review_logs where user_id = $3 and card_id = card.id)) as version
    ) v`

async function answerSnapshot(context: StudyContext, cardId: number) {
  const [found] = await preparedQuery('answer-snapshot', SNAPSHOT, [cardId, context.deckIds, context.user.id])
  if (!found) return null
  const { card_deck_id: deckId, card_version: version, card_suspended: suspended, last_answer: last, ...stored } = found
  const row: Record<string, any> & { due_at: Date | null } = stored.user_id === null ? newProgressRow(deckId, version) : (stored as any)
  return { card: { id: cardId, deck_id: deckId as number }, row, suspended: Boolean(suspended), last }
}

export async function recordAnswer(context: StudyContext, input: AnswerInput): Promise<AnswerResult | null> {
  const { user, now, today } = context
  const found = await answerSnapshot(context, input.cardId)
  if (!found || found.suspended || found.row.frozen) return null
  const { card, row, last } = found
  if (input.version !== undefined && input.version !== row.version) return null
  if (input.version === undefined && last && retryVerdict(last, row, input, now) !== 'new') return null

  const { outcome, version, progress, review } = answerRows(context, {
    card, row, answer: input.answer, at: now, day: today, durationMs: input.durationMs ?? 0, source: 'session',
    sentDurationMs: input.durationMs ?? null,
  })
  const { kind, limit } = limitOf(user)
  const { rows } = await db.rawQuery('select * from mnemo_record_answer(?, ?, ?, ?, ?, ?, ?, ?, ?)', [
    user.id, card.id, row.version, JSON.stringify(progress), JSON.stringify(review), today, kind, limit, ACTIVE_DAY_CARDS,
  ])
  const recorded = rows[0] as { outcome: string; day_cards: number; total_cards: number }
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
