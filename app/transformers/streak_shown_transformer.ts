import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import { streakOf } from '#transformers/user_transformer'

/** POST streaks/current_day_streak_shown and the popup's /streak/shown: was it already shown, and the streak. */
export default class StreakShownTransformer extends BaseTransformer<User> {
  constructor(
    user: User,
    protected alreadyShown: boolean
  ) {
    super(user)
  }

  toObject() {
    return { alreadyShown: this.alreadyShown, streak: streakOf(this.resource) }
  }
}
