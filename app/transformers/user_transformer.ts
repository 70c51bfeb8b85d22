import type User from '#models/user'

/* A streak freeze is earned for every week of streak, up to two charged (spec 9). */
const FREEZE_EVERY_DAYS = 7

export const avatarUrlOf = (user: User) =>
  user.avatarPath ? `/avatars/${user.id}?v=${user.updatedAt.toUnixInteger()}` : null

/** Shapes users for every door: the mobile JSON (spec's User entity) and the pages. */
export default class UserTransformer {
  /** The spec's User entity, as the apps read it. Needs `socialAccounts` preloaded. */
  static forApi(user: User) {
    return {
      id: user.id,
      analyticsId: user.analyticsId,
      email: user.email,
      provider: user.provider,
      isPremium: user.isPremium,
      authorized: !user.isGuest,
      name: user.name,
      username: user.username,
      about: user.about,
      onboardingData: user.onboardingData,
      avatarColor: user.avatarColor,
      avatarUrl: avatarUrlOf(user),
      countryCode: user.countryCode,
      createdAt: user.createdAt.toISO(),
      experiments: user.experiments,
      locale: user.locale,
      theme: user.theme,
      timezoneOffset: user.timezoneOffset,
      paymentCustomerId: user.paymentCustomerId,
      subscription: null,
      subscriptionProvider: [] as string[],
      connectedSocialProviders: (user.socialAccounts ?? []).map((account) => account.provider),
      statsCounters: { cardsStudied: user.statsCardsStudied },
      freeTier: {
        aiGenWithPrompt: user.freeAiPrompt,
        aiGenWithPdf: user.freeAiPdf,
        aiGenCardBuilder: user.freeAiCardBuilder,
      },
      streak: this.streak(user),
    }
  }

  /** The spec's streak fields. */
  static streak(user: User) {
    const today = user.today()
    return {
      currentDuration: user.streakCurrent,
      longestDuration: user.streakLongest,
      totalActiveDays: user.streakTotalActiveDays,
      todayShown: user.streakShownOn?.toISODate() === today,
      todayCompleted: user.streakCompletedOn?.toISODate() === today,
      availableFreezeCount: user.streakFreezes,
      nextFreezeMinimumStreak: (Math.floor(user.streakCurrent / FREEZE_EVERY_DAYS) + 1) * FREEZE_EVERY_DAYS,
    }
  }

  /** What every page knows about the signed-in user. */
  static forSession(user: User) {
    return {
      id: user.id,
      name: user.name,
      username: user.username,
      email: user.email,
      provider: user.provider,
      isGuest: user.isGuest,
      isPremium: user.isPremium,
      avatarColor: user.avatarColor,
      avatarUrl: avatarUrlOf(user),
    }
  }

  /** The account settings page. Needs `socialAccounts` preloaded. */
  static forAccountSettings(user: User) {
    return {
      ...this.forSession(user),
      about: user.about,
      hasPassword: Boolean(user.password),
      connectedProviders: user.socialAccounts.map((account) => ({
        provider: account.provider,
        email: account.email,
      })),
    }
  }
}
