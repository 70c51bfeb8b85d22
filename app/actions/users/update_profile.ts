import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { inTransaction } from '#services/transactions'
import hash from '@adonisjs/core/services/hash'
import User, { type AvatarColor } from '#models/user'
import ApiException from '#exceptions/api_exception'
import { claimUsername } from '#services/usernames'
import { mergeSocialLinks, type SocialLinkNetwork } from '#services/social_links'
import { sanitizePlainText } from '#services/plain_text'

export type ProfileChanges = {
  name?: string
  username?: string
  email?: string
  about?: string | null
  avatarColor?: AvatarColor
  timezoneOffset?: number
  locale?: string
  theme?: string
  /** seven shares in [0, 1], Sunday first; null: no easy days */
  easyDays?: number[] | null
  /** the public profile's links: absent networks unchanged, null or '' removes one */
  socialLinks?: Partial<Record<SocialLinkNetwork, string | null | undefined>>
  /** "HH:MM" on the learner's clock, null to clear */
  studyReminderTime?: string | null
  studyReminderEnabled?: boolean
  /** required to change the e-mail of an account that has a password */
  currentPassword?: string
}

export default class UpdateProfile {
  async handle(user: User, changes: ProfileChanges, outer?: TransactionClientContract) {
    return inTransaction(outer, async (trx) => {
      user.useTransaction(trx)
      if (changes.username !== undefined && changes.username.toLowerCase() !== user.username?.toLowerCase()) {
        if (!(await claimUsername(changes.username, trx, user.id))) {
          throw ApiException.of('E_USERNAME_TAKEN', { field: 'username' })
        }
        user.username = changes.username
      }
      if (changes.email !== undefined && changes.email.toLowerCase() !== user.email) {
        const email = changes.email.toLowerCase()
        if (user.password) {
          const ok = changes.currentPassword && (await hash.verify(user.password, changes.currentPassword))
          if (!ok) throw ApiException.of('E_WRONG_PASSWORD', { field: 'current_password' })
        }
        if (await User.query({ client: trx }).where('email', email).whereNot('id', user.id).first()) {
          throw ApiException.of('E_EMAIL_TAKEN', { field: 'email' })
        }
        user.email = email
        /* a new address is not proven until a link mailed there is used */
        user.emailVerifiedAt = null
        /* outstanding reset links were sent to the old address */
        await trx.from('one_time_tokens').where('user_id', user.id).whereNull('used_at').update({ used_at: new Date() })
      }
      const { name, avatarColor, timezoneOffset, locale, theme, easyDays, studyReminderTime, studyReminderEnabled } = changes
      /* every day free would leave no day to schedule on */
      if (easyDays && !easyDays.some((share) => share > 0)) {
        throw ApiException.of('E_VALIDATION_ERROR', { key: 'easy_days_invalid', field: 'easy_days' })
      }
      /* the bio is plain text: markup is taken out on the way in, whoever shows it later */
      const about = changes.about === undefined ? undefined : changes.about === null ? null : sanitizePlainText(changes.about) || null
      user.merge(
        Object.fromEntries(
          Object.entries({ name, about, avatarColor, timezoneOffset, locale, theme, easyDays, studyReminderTime, studyReminderEnabled }).filter(([, v]) => v !== undefined)
        )
      )
      if (changes.socialLinks) user.socialLinks = mergeSocialLinks(user.socialLinks ?? {}, changes.socialLinks)
      /* a reminder needs a time: turning it on without one is refused, not stored half */
      if (user.studyReminderEnabled && !user.studyReminderTime) {
        throw ApiException.of('E_REMINDER_TIME_REQUIRED', { field: 'study_reminder_time' })
      }
      await user.save()
      return user
    })
  }
}
