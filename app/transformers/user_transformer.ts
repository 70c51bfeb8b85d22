import type User from '#models/user'
import type { SubscriptionEntity } from '#queries/payments/subscriptions'
import { nextFreezeMinimumStreak } from '#scheduling/streak'
import { nextReminderAt } from '#scheduling/reminder_time'

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
      isPremium: user.hasPremium,
      authorized: !user.isGuest,
      name: user.name,
      username: user.username,
      about: user.about,
      onboardingData: user.onboardingData,
      onboardingComplete: user.onboardingComplete,
      avatarColor: user.avatarColor,
      avatarUrl: avatarUrlOf(user),
      countryCode: user.countryCode,
      createdAt: user.createdAt.toISO(),
      experiments: user.experiments,
      locale: user.locale,
      theme: user.theme,
      timezoneOffset: user.timezoneOffset,
      easyDays: user.easyDays ?? null,
      paymentCustomerId: user.paymentCustomerId,
      /* set by apiUser (queries/users/api_user.ts): the premium-granting subscription, and who bills it */
      subscription: (user.$extras.subscription?.subscription ?? null) as SubscriptionEntity | null,
      subscriptionProvider: (user.$extras.subscription?.providers ?? []) as string[],
      connectedSocialProviders: (user.socialAccounts ?? []).map((account) => account.provider),
      statsCounters: { cardsStudied: user.statsCardsStudied },
      freeTier: {
        aiGenWithPrompt: user.freeAiPrompt,
        aiGenWithPdf: user.freeAiPdf,
        aiGenCardBuilder: user.freeAiCardBuilder,
      },
      streak: this.streak(user),
      /* additions: the public profile's links and the study reminder's schedule (the apps may notify at nextAt too) */
      socialLinks: user.socialLinks ?? {},
      studyReminder: this.studyReminder(user),
    }
  }

  /** The study reminder: the chosen time on the learner's clock, whether the e-mail is on, and its next instant (null when off). */
  static studyReminder(user: User, now = new Date()) {
    const time = user.studyReminderTime ?? null
    const enabled = Boolean(user.studyReminderEnabled) && time !== null
    return { time, enabled, nextAt: enabled ? (nextReminderAt(now, time!, user.timezoneOffset ?? 0)?.toISOString() ?? null) : null }
  }

  /** The sign-up and sign-in answers: the new token and the whole User entity. */
  static signedIn(token: string, isNewUser: boolean, user: User) {
    return { token, isNewUser, user: this.forApi(user) }
  }

  /** An e-mail with a link was sent (or would have been: the same answer whether or not the address has an account). */
  static linkSent() {
    return { sent: true }
  }

  /** The providers connected to the account (GET and DELETE auth_providers). */
  static providers(accounts: { provider: string; email: string | null }[]) {
    return { providers: accounts.map(({ provider, email }) => ({ provider, email })) }
  }

  /** The spec's streak fields (a freeze is earned every week of streak: app/scheduling/streak.ts). */
  static streak(user: User) {
    const today = user.today()
    return {
      currentDuration: user.streakCurrent,
      longestDuration: user.streakLongest,
      totalActiveDays: user.streakTotalActiveDays,
      todayShown: user.streakShownOn?.toISODate() === today,
      todayCompleted: user.streakCompletedOn?.toISODate() === today,
      availableFreezeCount: user.streakFreezes,
      nextFreezeMinimumStreak: nextFreezeMinimumStreak(user.streakCurrent),
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
      isPremium: user.hasPremium,
      avatarColor: user.avatarColor,
      avatarUrl: avatarUrlOf(user),
    }
  }

  /** The account settings page. Needs `socialAccounts` preloaded. */
  static forAccountSettings(user: User) {
    return {
      ...this.forSession(user),
      about: user.about,
      socialLinks: user.socialLinks ?? {},
      studyReminder: this.studyReminder(user),
      hasPassword: Boolean(user.password),
      connectedProviders: user.socialAccounts.map((account) => ({
        provider: account.provider,
        email: account.email,
      })),
    }
  }
}
