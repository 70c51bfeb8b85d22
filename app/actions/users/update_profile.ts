import type { Infer } from '@vinejs/vine/types'
import type { apiUpdateUserValidator } from '#validators/user'
import User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { claimUsername } from '#services/usernames'
import { mergeSocialLinks } from '#services/social_links'
import { sanitizePlainText } from '#services/plain_text'
import { withTransaction, type ActionOptions } from '#actions/action'
import { assertCurrentPassword } from '#actions/users/change_password'

/**
 * The profile's fields as the spec names them (the API's `user`, the web's
 * forms): `easy_days` seven shares in [0, 1], Sunday first, null for none;
 * `social_links` absent networks unchanged, null or '' removes one;
 * `study_reminder_time` "HH:MM" on the learner's clock, null to clear;
 * `current_password` required to change the e-mail of an account that has
 * a password.
 */
export type ProfileChanges = Omit<
  NonNullable<Infer<typeof apiUpdateUserValidator>['user']>,
  'password' | 'password_confirmation' | 'onboarding_data' | 'onboarding_complete' | 'avatar'
>

export async function updateProfile(
  user: User,
  changes: ProfileChanges,
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    user.useTransaction(trx)
    if (
      changes.username !== undefined &&
      changes.username.toLowerCase() !== user.username?.toLowerCase()
    ) {
      if (!(await claimUsername(changes.username, trx, user.id))) {
        throw ApiException.of('E_USERNAME_TAKEN', { field: 'username' })
      }
      user.username = changes.username
    }
    if (changes.email !== undefined && changes.email.toLowerCase() !== user.email) {
      const email = changes.email.toLowerCase()
      await assertCurrentPassword(user, changes.current_password)
      if (await User.query({ client: trx }).where('email', email).whereNot('id', user.id).first()) {
        throw ApiException.of('E_EMAIL_TAKEN', { field: 'email' })
      }
      user.email = email
      /* a new address is not proven until a link mailed there is used */
      user.emailVerifiedAt = null
      /* outstanding reset links were sent to the old address */
      await trx
        .from('one_time_tokens')
        .where('user_id', user.id)
        .whereNull('used_at')
        .update({ used_at: new Date() })
    }
    const { name, locale, theme } = changes
    const {
      avatar_color: avatarColor,
      timezone_offset: timezoneOffset,
      easy_days: easyDays,
    } = changes
    const { study_reminder_time: studyReminderTime, study_reminder_enabled: studyReminderEnabled } =
      changes
    /* every day free would leave no day to schedule on */
    if (easyDays && !easyDays.some((share) => share > 0)) {
      throw ApiException.of('E_VALIDATION_ERROR', { key: 'easy_days_invalid', field: 'easy_days' })
    }
    /* the bio is plain text: markup is taken out on the way in, whoever shows it later */
    const about =
      changes.about === undefined
        ? undefined
        : changes.about === null
          ? null
          : sanitizePlainText(changes.about) || null
    user.merge(
      Object.fromEntries(
        Object.entries({
          name,
          about,
          avatarColor,
          timezoneOffset,
          locale,
          theme,
          easyDays,
          studyReminderTime,
          studyReminderEnabled,
        }).filter(([, v]) => v !== undefined)
      )
    )
    if (changes.social_links)
      user.socialLinks = mergeSocialLinks(user.socialLinks ?? {}, changes.social_links)
    /* a reminder needs a time: turning it on without one is refused, not stored half */
    if (user.studyReminderEnabled && !user.studyReminderTime) {
      throw ApiException.of('E_REMINDER_TIME_REQUIRED', { field: 'study_reminder_time' })
    }
    await user.save()
    return user
  })
}
