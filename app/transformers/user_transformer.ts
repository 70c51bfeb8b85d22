import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import type { SubscriptionEntity } from '#queries/payments/subscriptions'
import { nextFreezeMinimumStreak } from '#scheduling/streak'
import { nextReminderAt } from '#scheduling/reminder_time'
import type { JsonValue } from '#services/remote_flag_defaults'

export const avatarUrlOf = (user: User) =>
  user.avatarPath ? `/avatars/${user.id}?v=${user.updatedAt.toUnixInteger()}` : null

/** The spec's streak fields (a freeze is earned every week of streak: app/scheduling/streak.ts). */
export function streakOf(user: User) {
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

/**
 * The study reminder: the chosen time on the learner's clock, whether the e-mail
 * is on, and its next instant (null when off).
 */
export function studyReminderOf(user: User, now = new Date()) {
  const time = user.studyReminderTime ?? null
  const enabled = Boolean(user.studyReminderEnabled) && time !== null
  const next = enabled ? nextReminderAt(now, time!, user.timezoneOffset ?? 0) : null
  return { time, enabled, nextAt: next?.toISOString() ?? null }
}

/**
 * Shapes users for every door: the spec's User entity (toObject), what every
 * page knows about the signed-in user (forPage) and the account settings form
 * (forEditor).
 */
export default class UserTransformer extends BaseTransformer<User> {
  /** The spec's User entity, as the apps read it. Needs `socialAccounts` preloaded. */
  toObject() {
    const user = this.resource
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
      /* any JSON the apps stored (unknown has no JSON form for the types that name the reply) */
      onboardingData: user.onboardingData as Record<string, JsonValue>,
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
      streak: streakOf(user),
      /* additions: the public profile's links and the study reminder's schedule (the apps may notify at nextAt too) */
      socialLinks: user.socialLinks ?? {},
      studyReminder: studyReminderOf(user),
    }
  }

  /** What every page knows about the signed-in user (the shared `user` prop). */
  forPage() {
    const user = this.resource
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
  forEditor() {
    const user = this.resource
    return {
      ...this.forPage(),
      about: user.about,
      socialLinks: user.socialLinks ?? {},
      studyReminder: studyReminderOf(user),
      hasPassword: Boolean(user.password),
      connectedProviders: user.socialAccounts.map((account) => ({
        provider: account.provider,
        email: account.email,
      })),
    }
  }
}
