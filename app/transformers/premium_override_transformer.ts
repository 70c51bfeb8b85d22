import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'

/** PUT admin/users/:id/premium: whether the user has premium now, and why (subscription or override). */
export default class PremiumOverrideTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return {
      userId: user.id,
      isPremium: user.hasPremium,
      subscriptionPremium: user.isPremium,
      premiumOverride: user.premiumOverride,
    }
  }
}
