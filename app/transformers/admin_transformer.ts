import type User from '#models/user'

/** The admin area's shapes (camelCase, like every transformer). */
export default class AdminTransformer {
  static adminToken(admin: User, token: string, expiresAt: Date) {
    return { token, expiresAt: expiresAt.toISOString(), admin: { id: admin.id, email: admin.email, debugMenu: admin.debugMenu } }
  }

  static masquerade(user: User, token: string, expiresAt: Date) {
    return { token, expiresAt: expiresAt.toISOString(), masquerade: true, user: { id: user.id, email: user.email, name: user.name } }
  }

  /** A user in the admin's lists and on their page. */
  static user(user: User) {
    return {
      id: user.id, email: user.email, name: user.name, username: user.username, provider: user.provider, isAdmin: user.isAdmin,
      isPremium: user.hasPremium, subscriptionPremium: user.isPremium, premiumOverride: user.premiumOverride,
      experiments: user.experiments ?? {}, createdAt: user.createdAt.toISO(),
    }
  }

  static premium(user: User) {
    return { userId: user.id, isPremium: user.hasPremium, subscriptionPremium: user.isPremium, premiumOverride: user.premiumOverride }
  }
}
