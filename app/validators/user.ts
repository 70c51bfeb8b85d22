import vine from '@vinejs/vine'
import { AVATAR_COLORS } from '#models/user'
import { SOCIAL_PROVIDERS } from '#models/social_account'
import { LOCALES } from '#config/i18n'
import { THEMES } from '#services/themes'
import { email, newPassword, personName, username } from '#validators/rules'
import { AVATAR_MAX_MB } from '#services/upload_limits'
import { onboardingDataSchema } from '#validators/onboarding'
import { socialLinksField } from '#services/social_links'
import { REMINDER_TIME } from '#scheduling/reminder_time'

const AVATAR_MAX_SIZE = `${AVATAR_MAX_MB}mb`
const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic']

const easyDays = () => vine.array(vine.number().range([0, 1])).fixedLength(7)

/* web: the settings page's easy days (a share per weekday, Sunday first) */
export const easyDaysValidator = vine.create({ easy_days: easyDays() })

const avatar = () => vine.file({ size: AVATAR_MAX_SIZE, extnames: AVATAR_EXTENSIONS })

const profileFields = {
  name: personName().optional(),
  username: username().optional(),
  email: email().optional(),
  about: vine.string().trim().maxLength(500).nullable().optional(),
  avatar_color: vine.enum(AVATAR_COLORS).optional(),
  timezone_offset: vine.number().withoutDecimals().range([-840, 840]).optional(),
  /* easy days: seven shares of a normal day's reviews, Sunday first (app/scheduling/balance.ts); null: none */
  easy_days: easyDays().nullable().optional(),
  locale: vine.enum(LOCALES).optional(),
  theme: vine.enum(THEMES).optional(),
  current_password: vine.string().maxLength(128).optional(),
  password: newPassword().optional(),
  password_confirmation: vine.string().sameAs('password').optional(),
  /* additions of this product (optional for the apps): the public profile's links, the study reminder */
  social_links: socialLinksField().optional(),
  study_reminder_time: vine.string().trim().regex(REMINDER_TIME).nullable().optional(),
  study_reminder_enabled: vine.boolean().optional(),
}

/* the onboarding's answers (merged into the stored ones) and its complete flag, api only */
const onboardingFields = {
  onboarding_data: onboardingDataSchema().optional(),
  onboarding_complete: vine.boolean().optional(),
}

const userFields = { ...profileFields, ...onboardingFields }

/*
 * api: PUT users/{id}, the fields wrapped in `user` or flat, as the spec's client sends them ({password},
 * {name, username, email}, {timezone_offset}); the avatar a multipart `avatar` or `user[avatar]`
 */
export const apiUpdateUserValidator = vine.create({
  user: vine.object({ ...userFields, avatar: avatar().optional() }).optional(),
  ...userFields,
  avatar: avatar().optional(),
})

/* what PUT users/{id} may name besides its fields: the caller's own id, which some clients repeat */
const SELF_ID_KEYS = ['id', 'user_id']
const USER_KEYS = new Set([...Object.keys(userFields), 'avatar', ...SELF_ID_KEYS])

/**
 * The first key of a PUT users/{id} body the server cannot apply (`nickname`, `user.photo`, another
 * user's `user_id`), or null: such a body is a 422 naming it, never a 200 that changed nothing.
 */
export function unknownUserField(body: Record<string, unknown>, selfId: number) {
  const check = (fields: Record<string, unknown>, prefix: string): string | null => {
    for (const [key, value] of Object.entries(fields)) {
      if (!USER_KEYS.has(key)) return `${prefix}${key}`
      if (SELF_ID_KEYS.includes(key) && String(value) !== String(selfId)) return `${prefix}${key}`
    }
    return null
  }
  const { user, ...flat } = body
  const nested = user && typeof user === 'object' && !Array.isArray(user) ? user : {}
  return check(flat, '') ?? check(nested as Record<string, unknown>, 'user.')
}

/* web: the account page's delete form, the username typed */
export const deleteAccountValidator = vine.create({
  confirmation: vine.string().maxLength(100),
})

/* api: DELETE users/{id} takes no payload (the spec); a confirmation, when a client sends one, must still match */
export const apiDeleteAccountValidator = vine.create({
  confirmation: vine.string().maxLength(100).optional(),
})

/* web: account settings forms */
export const profileValidator = vine.create({
  name: personName(),
  username: username(),
  email: email(),
  current_password: vine.string().maxLength(128).optional(),
})

export const passwordChangeValidator = vine.create({
  current_password: vine.string().maxLength(128).optional(),
  password: newPassword().confirmed({ confirmationField: 'password_confirmation' }),
})

export const avatarValidator = vine.create({ avatar: avatar() })

/* web: the public profile's part of the account page (bio, links, avatar colour) */
export const publicProfileValidator = vine.create({
  about: vine.string().trim().maxLength(500).nullable().optional(),
  avatar_color: vine.enum(AVATAR_COLORS),
  social_links: socialLinksField().optional(),
})

/* web: the study reminder in the settings (the onboarding asks the same two fields) */
export const studyReminderValidator = vine.create({
  study_reminder_time: vine.string().trim().regex(REMINDER_TIME).nullable().optional(),
  study_reminder_enabled: vine.boolean().optional(),
})

export const appearanceValidator = vine.create({ theme: vine.enum(THEMES) })
export const languageValidator = vine.create({ locale: vine.enum(LOCALES) })

export const providerValidator = vine.create({ provider: vine.enum(SOCIAL_PROVIDERS) })
