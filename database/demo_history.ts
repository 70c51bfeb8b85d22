import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { progressColumns } from '#models/card_progress'
import { refreshStreak } from '#actions/study/refresh_streak'
import { resolveAlgorithm } from '#scheduling/presets'
import { outcomesFor } from '#scheduling/scheduler'
import { addDays, studyDay, studyDayBounds } from '#scheduling/study_day'
import { NEW_PROGRESS, RATING_NUMBER, type Progress, type Rating } from '#scheduling/types'

/*
 * Six weeks of study for the demo account, played through the real
 * scheduler so the statistics, the streak and the forecast have something
 * true to show on a first `npm start`: a few new cards every day, every due
 * card answered, mostly right. Deterministic: the same history every time.
 */
const DAYS = 42
/* the days the demo learner skipped, counted back from today */
const SKIPPED = new Set([30, 29, 17])

export async function playDemoHistory(
  userId: number,
  cards: { id: number; deck_id: number }[],
  trx: TransactionClientContract
) {
  const algorithm = resolveAlgorithm('general', {})
  const today = studyDay(new Date(), 0)
  const state = new Map<number, Progress>()
  const reviews: Record<string, unknown>[] = []
  const perDay = new Map<string, number>()
  let introduced = 0
  let seed = 7
  /* a small deterministic generator: answers right about 85 % of the time */
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31

  for (let back = DAYS; back >= 1; back--) {
    if (SKIPPED.has(back)) continue
    const day = addDays(today, -back)
    let clock = studyDayBounds(day, 0).start.getTime() + 15 * 3600_000
    const due = cards.filter((card) => {
      const progress = state.get(card.id)
      return progress && progress.dueAt && progress.dueAt.getTime() <= clock + 12 * 3600_000
    })
    /* new cards spread over the study days left, so every day has some */
    const daysLeft = [...Array(back).keys()].filter((offset) => !SKIPPED.has(offset + 1)).length
    const fresh = cards.slice(
      introduced,
      introduced + Math.ceil((cards.length - introduced) / daysLeft)
    )
    introduced += fresh.length
    for (const card of [...due, ...fresh]) {
      /* a card answered until it leaves learning for the day, as a learner does */
      for (let round = 0; round < 4; round++) {
        const progress = state.get(card.id) ?? { ...NEW_PROGRESS }
        const now = new Date(clock)
        const roll = next()
        const rating: Rating =
          roll < 0.12 ? 'again' : roll < 0.2 ? 'hard' : roll < 0.93 ? 'good' : 'easy'
        const outcome = outcomesFor({
          cardId: card.id,
          progress,
          algorithm,
          fsrsParameters: null,
          now,
        })[rating]!
        reviews.push({
          user_id: userId,
          card_id: card.id,
          deck_id: card.deck_id,
          answer: rating,
          rating: RATING_NUMBER[rating],
          kind:
            progress.state === 'review'
              ? 'review'
              : progress.state === 'relearning'
                ? 'relearn'
                : 'learn',
          state_before: progress.state,
          version_before: null,
          interval_before: progress.intervalDays,
          interval_after: outcome.progress.intervalDays,
          ease_after: Math.round(outcome.progress.ease * 1000),
          due_at_after: outcome.progress.dueAt,
          reviewed_at: now,
          study_day: day,
          duration_ms: 2500 + Math.round(next() * 6000),
          source: 'session',
        })
        perDay.set(day, (perDay.get(day) ?? 0) + 1)
        state.set(card.id, outcome.progress)
        clock += 45_000
        if (outcome.progress.state === 'review') break
        clock += outcome.delaySeconds * 1000
      }
    }
  }

  for (let index = 0; index < reviews.length; index += 500)
    await trx.table('review_logs').multiInsert(reviews.slice(index, index + 500))
  const versions = new Map<number, number>()
  for (const review of reviews)
    versions.set(review.card_id as number, (versions.get(review.card_id as number) ?? 0) + 1)
  const now = new Date()
  const rows = cards
    .filter((card) => state.has(card.id))
    .map((card) => ({
      user_id: userId,
      card_id: card.id,
      deck_id: card.deck_id,
      ...progressColumns(state.get(card.id)!),
      version: versions.get(card.id) ?? 0,
      created_at: now,
      updated_at: now,
    }))
  if (rows.length) await trx.table('card_progress').multiInsert(rows)
  await trx
    .table('study_days')
    .multiInsert(
      [...perDay].map(([day, count]) => ({ user_id: userId, day, cards_studied: count }))
    )
  await trx.from('users').where('id', userId).update({ stats_cards_studied: reviews.length })
  await refreshStreak(userId, today, { trx })
}
