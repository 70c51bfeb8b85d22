import type { HttpContext } from '@adonisjs/core/http'
import { refreshStaleStreak } from '#actions/study/refresh_streak'
import { markStreakShown } from '#actions/study/mark_streak_shown'
import { streakDays } from '#queries/study/streaks'
import StreakTransformer from '#transformers/streak_transformer'
import StreakShownTransformer from '#transformers/streak_shown_transformer'
import { serialize } from '#transformers/serialize'
import { streakRangeValidator } from '#validators/study'

export default class StreaksController {
  /**
   * GET streaks?start_date&end_date: the active and frozen days of the range with their kinds, and the streak
   * (brought up to date first).
   */
  async index({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { start_date: start, end_date: end } = await request.validateUsing(streakRangeValidator)
    await refreshStaleStreak(user)
    return serialize(StreakTransformer.transform(await streakDays(user, start, end)))
  }

  /** POST streaks/current_day_streak_shown: the popup was shown today; it stays hidden until the next study day. */
  async shown({ auth }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { alreadyShown } = await markStreakShown(user, { today: user.today() })
    return serialize(StreakShownTransformer.transform(user, alreadyShown))
  }
}
