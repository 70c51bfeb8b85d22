import { BaseTransformer } from '@adonisjs/core/transformers'
import type { StreakDays } from '#queries/study/streaks'
import { streakOf } from '#transformers/user_transformer'

/** GET streaks?start_date&end_date: the range's active and frozen days with their kinds, and the streak. */
export default class StreakTransformer extends BaseTransformer<StreakDays> {
  toObject() {
    const { activeDays, learner } = this.resource
    return { activeDays, streak: streakOf(learner) }
  }
}
