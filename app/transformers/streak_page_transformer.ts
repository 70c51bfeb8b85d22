import { BaseTransformer } from '@adonisjs/core/transformers'
import type { StreakDays } from '#queries/study/streaks'
import { addDays } from '#scheduling/study_day'
import { streakOf } from '#transformers/user_transformer'

/** A YYYY-MM month and its first and last day (monthBounds). */
type StreakMonth = { month: string; start: string; end: string }

/**
 * GET /streak?month=YYYY-MM: the streak and a month of the calendar, with
 * the months either side (none after the current one).
 */
export default class StreakPageTransformer extends BaseTransformer<StreakDays> {
  constructor(
    days: StreakDays,
    protected shown: StreakMonth
  ) {
    super(days)
  }

  toObject() {
    const days = this.resource
    const { month, start, end } = this.shown
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
}
