import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import { studyDay } from '#scheduling/study_day'
import { inTransaction } from '#services/transactions'
import { computeStreak } from '#scheduling/streak'
import { lockLearner } from '#actions/learning/learner_lock'

/** Spec: a day is active after studying 5 cards. */
export const ACTIVE_DAY_CARDS = 5

/** The learner's active study days up to `today`, oldest first: one statement, whatever the history. */
export async function activeDaysOf(userId: number, today: string, client?: TransactionClientContract) {
  const rows = await (client ?? db)
    .from('study_days')
    .where('user_id', userId)
    .where('cards_studied', '>=', ACTIVE_DAY_CARDS)
    .where('day', '<=', today)
    .orderBy('day')
    .select(db.raw(`to_char(day, 'YYYY-MM-DD') as day`))
  return rows.map((row: { day: string }) => row.day)
}

/**
 * Works the streak out again from study_days and stores it on the user (the
 * User entity's streak fields read those columns). Called in the answer and
 * undo transactions, and by the streak reads, since a day passing without
 * study changes the streak without any write.
 *
 * `today` is the caller's study day; the learner's own today (from their time
 * zone) wins when later, so undoing yesterday's answer after the rollover
 * still stores today's streak.
 */
export async function refreshStreak(userId: number, today: string, client?: TransactionClientContract) {
  return inTransaction(client, async (trx) => {
    /*
     * the learner's lock (lockLearner, learner_lock.ts: the answers' lock order) orders
     * concurrent refreshes: each reads study_days after the previous one committed
     */
    await lockLearner(userId, trx)
    const user = await trx.from('users').where('id', userId).select('timezone_offset').first()
    if (!user) return null
    const ownToday = studyDay(new Date(), Number(user.timezone_offset))
    const day = ownToday > today ? ownToday : today
    const activeDays = await activeDaysOf(userId, day, trx)
    const streak = computeStreak(activeDays, day)
    await trx
      .from('users')
      .where('id', userId)
      .update({
        streak_current: streak.currentDuration,
        streak_longest: streak.longestDuration,
        streak_total_active_days: streak.totalActiveDays,
        /* the last day the goal was reached: todayCompleted is "that day is today" */
        streak_completed_on: activeDays.at(-1) ?? null,
        streak_freezes: streak.availableFreezeCount,
      })
    return { ...streak, today: day, activeDays }
  })
}

/** The streak popup was shown on `today`: it is not shown again that study day. */
export async function markStreakShown(user: User, today: string) {
  const alreadyShown = user.streakShownOn?.toISODate() === today
  if (!alreadyShown) {
    /* a plain update: saving the model would bump updated_at, which versions the avatar's URL */
    await db.from('users').where('id', user.id).update({ streak_shown_on: today })
    user.streakShownOn = DateTime.fromISO(today)
  }
  return { alreadyShown }
}
