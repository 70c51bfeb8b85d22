import type { HttpContext } from '@adonisjs/core/http'
import { markStreakShown } from '#actions/study/refresh_streak'
import { streakDays, streakFields } from '#queries/study/streaks'
import { streakRangeValidator } from '#controllers/study_stats/stats_input'

export default class StreaksController {
  /** GET streaks?start_date&end_date: the active and frozen days of the range with their kinds, and the streak. */
  async index({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { start_date: start, end_date: end } = await request.validateUsing(streakRangeValidator)
    const { activeDays, streak } = await streakDays(user, start, end)
    return { activeDays, streak }
  }

  /** POST streaks/current_day_streak_shown: the popup was shown today; it stays hidden until the next study day. */
  async shown({ auth }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { alreadyShown } = await markStreakShown(user, user.today())
    return { alreadyShown, streak: streakFields(user) }
  }
}
