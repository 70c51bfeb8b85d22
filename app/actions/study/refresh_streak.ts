import { studyDay } from '#scheduling/study_day'
import { withTransaction, type ActionOptions } from '#actions/action'
import { computeStreak } from '#scheduling/streak'
import { lockLearner } from '#actions/learning/learner_lock'
import { activeDaysOf } from '#queries/study/active_days'
import type User from '#models/user'

/**
 * Works the streak out again from study_days and stores it on the user (the
 * User entity's streak fields read those columns). Called in the answer and
 * undo transactions, and by the doors that show the streak before they read
 * it (the streak calls, the User entity), since a day passing without study
 * changes the streak without any write.
 *
 * `today` is the caller's study day; the learner's own today (from their time
 * zone) wins when later, so undoing yesterday's answer after the rollover
 * still stores today's streak. Returns null when the learner is gone.
 */
export async function refreshStreak(userId: number, today: string, options: ActionOptions = {}) {
  return withTransaction(options.trx, async (trx) => {
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
        streak_as_of: day,
      })
    return { ...streak, today: day, activeDays }
  })
}

/**
 * For the doors that show the streak: works it out again only when it was
 * stored for another day than the learner's today (the day turned, or their
 * time zone moved it); the same day's answers keep it current themselves
 * (the answer that makes the day active works it out again:
 * record_answer.ts). True when it was recomputed: `user` is stale then.
 */
export async function refreshStaleStreak(user: User) {
  const today = user.today()
  if (user.streakAsOf === today) return false
  await refreshStreak(user.id, today)
  return true
}
