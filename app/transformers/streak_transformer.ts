import type User from '#models/user'
import type { StreakDays } from '#queries/study/streaks'
import { addDays } from '#scheduling/study_day'
import { streakOf } from '#transformers/user_transformer'

/** The streak calls and the streak page. */
export default class StreakTransformer {
  /** GET streaks?start_date&end_date: the range's active and frozen days with their kinds, and the streak. */
  static range({ activeDays, learner }: StreakDays) {
    return { activeDays, streak: streakOf(learner) }
  }

  /** GET /streak?month=YYYY-MM: the streak and a month of the calendar, with the months either side (none after the current one). */
  static month(month: string, { start, end }: { start: string; end: string }, days: StreakDays) {
    const current = month === days.today.slice(0, 7)
    return {
      month,
      today: days.today,
      streak: streakOf(days.learner),
      days: days.activeDays,
      previousMonth: addDays(start, -1).slice(0, 7),
      nextMonth: current ? null : addDays(end, 1).slice(0, 7),
    }
  }

  /** POST streaks/current_day_streak_shown and the popup's /streak/shown. */
  static shown(alreadyShown: boolean, user: User) {
    return { alreadyShown, streak: streakOf(user) }
  }
}
