import type { HttpContext } from '@adonisjs/core/http'
import { markStreakShown } from '#actions/study/refresh_streak'
import { monthBounds, streakDays, streakFields } from '#queries/study/streaks'
import { addDays } from '#scheduling/study_day'
import { MONTH } from '#controllers/study_stats/stats_input'

export default class StreakPageController {
  /** GET /streak?month=YYYY-MM: the streak and a month of the calendar, the current month by default. */
  async show({ auth, request, inertia }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const today = user.today()
    const asked = String(request.input('month') ?? '')
    const month = MONTH.test(asked) && asked <= today.slice(0, 7) ? asked : today.slice(0, 7)
    const { start, end } = monthBounds(month)
    const { activeDays, streak } = await streakDays(user, start, end)
    const current = month === today.slice(0, 7)
    return inertia.render('study/streak', {
      month,
      today,
      streak,
      days: activeDays,
      previousMonth: addDays(start, -1).slice(0, 7),
      nextMonth: current ? null : addDays(end, 1).slice(0, 7),
    })
  }

  /** POST /streak/shown, from the streak popup: not shown again until the next study day. */
  async shown({ auth }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { alreadyShown } = await markStreakShown(user, user.today())
    return { alreadyShown, streak: streakFields(user) }
  }
}
