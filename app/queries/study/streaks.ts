import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import UserTransformer from '#transformers/user_transformer'
import { refreshStreak } from '#actions/study/refresh_streak'
import { addDays } from '#scheduling/study_day'
import { streakCalendar, type DayKind } from '#scheduling/streak'

export type StreakFields = ReturnType<typeof UserTransformer.forApi>['streak']
export type CalendarDay = { date: string; kind: DayKind }

/** The User entity's streak fields, exactly as GET users/me shows them. */
export function streakFields(user: User): StreakFields {
  return UserTransformer.forApi(user).streak
}

/**
 * The learner's active and frozen days between `start` and `end` (inclusive),
 * each with how the calendar draws it, and the streak. The stored streak is
 * brought up to date first: days missed since the last answer change it
 * without any write. Four statements whatever the history.
 */
export async function streakDays(user: User, start: string, end: string) {
  const result = await refreshStreak(user.id, user.today())
  if (!result) throw ApiException.notFound()
  await user.refresh()
  return {
    today: result.today,
    activeDays: streakCalendar(result.activeDays, result.freezeDays, result.today, start, end) as CalendarDay[],
    streak: streakFields(user),
  }
}

/** The first and last day of a YYYY-MM month. */
export function monthBounds(month: string) {
  const start = `${month}-01`
  const next = addDays(start, 32).slice(0, 7)
  return { start, end: addDays(`${next}-01`, -1) }
}
