import type { HttpContext } from '@adonisjs/core/http'
import { refreshStaleStreak } from '#actions/study/refresh_streak'
import { markStreakShown } from '#actions/study/mark_streak_shown'
import { monthBounds, streakDays } from '#queries/study/streaks'
import StreakPageTransformer from '#transformers/streak_page_transformer'
import StreakShownTransformer from '#transformers/streak_shown_transformer'
import { serialize } from '#transformers/serialize'
import { MONTH } from '#validators/study'

export default class StreakPageController {
  /**
   * GET /streak?month=YYYY-MM: the streak (brought up to date first) and a month of the calendar, the current
   * month by default.
   */
  async show({ auth, request, inertia }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const today = user.today()
    const asked = String(request.input('month') ?? '')
    const month = MONTH.test(asked) && asked <= today.slice(0, 7) ? asked : today.slice(0, 7)
    const bounds = monthBounds(month)
    await refreshStaleStreak(user)
    const days = await streakDays(user, bounds.start, bounds.end)
    /* the page's props are the month's keys: its one item, spread */
    return inertia.render('study/streak', {
      calendar: StreakPageTransformer.transform(days, { month, ...bounds }),
    })
  }

  /** POST /streak/shown, from the streak popup: not shown again until the next study day. */
  async shown({ auth }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { alreadyShown } = await markStreakShown(user, { today: user.today() })
    return serialize(StreakShownTransformer.transform(user, alreadyShown))
  }
}
