import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'

/** A user in the admin's lists and on their page (toObject); an admin's own experiment values (forEditor). */
export default class AdminTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      username: user.username,
      provider: user.provider,
      isAdmin: user.isAdmin,
      isPremium: user.hasPremium,
      subscriptionPremium: user.isPremium,
      premiumOverride: user.premiumOverride,
      experiments: user.experiments ?? {},
      createdAt: user.createdAt.toISO(),
    }
  }

  /** The experiment values the admin home's form edits: the admin's own. */
  forEditor(): Record<string, string> {
    return { ...(this.resource.experiments ?? {}) }
  }
}
