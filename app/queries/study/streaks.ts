import User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { activeDaysOf } from '#queries/study/active_days'
import { addDays } from '#scheduling/study_day'
import { computeStreak, streakCalendar, type DayKind } from '#scheduling/streak'

type CalendarDay = { date: string; kind: DayKind }

/**
 * The learner's active and frozen days between `start` and `end` (inclusive),
 * each with how the calendar draws it, and the learner as stored (their
 * streak fields). Reads only: the door brings the stored streak up to date
 * first (refreshStreak), since days missed since the last answer change it
 * without any write. Two statements whatever the history; a learner gone
 * meanwhile is a 404.
 */
export async function streakDays(user: User, start: string, end: string) {
  const learner = await User.find(user.id)
  if (!learner) throw ApiException.notFound()
  const today = learner.today()
  const activeDays = await activeDaysOf(learner.id, today)
  const { freezeDays } = computeStreak(activeDays, today)
  return {
    today,
    learner,
    activeDays: streakCalendar(activeDays, freezeDays, today, start, end) as CalendarDay[],
  }
}

export type StreakDays = Awaited<ReturnType<typeof streakDays>>

/** The first and last day of a YYYY-MM month. */
export function monthBounds(month: string) {
  const start = `${month}-01`
  const next = addDays(start, 32).slice(0, 7)
  return { start, end: addDays(`${next}-01`, -1) }
}
