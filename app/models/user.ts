import { DateTime } from 'luxon'
import { studyDay } from '#scheduling/study_day'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import SocialAccount from '#models/social_account'
import ApiException from '#exceptions/api_exception'
import { SucceedingAccessTokensProvider } from '#services/succeeding_access_tokens'
import { DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'

export type Provider = 'apple' | 'google' | 'email' | 'guest'
export type AvatarColor = 'blue' | 'violet' | 'orange' | 'red' | 'green'
export const AVATAR_COLORS: AvatarColor[] = ['blue', 'violet', 'orange', 'red', 'green']

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, AuthFinder) {
  /* Opaque bearer tokens for the mobile apps; near expiry, one successor is handed out. */
  static accessTokens = new SucceedingAccessTokensProvider({
    tokenableModel: User,
    expiresIn: '60 days',
    prefix: 'mnm_',
    table: 'auth_access_tokens',
    type: 'auth_token',
    tokenSecretLength: 40,
  })

  /* The admin credential (header Admin-Authorization), apart from the bearer tokens: app/services/admin_tokens.ts */
  static adminTokens = DbAccessTokensProvider.forModel(User, {
    expiresIn: '12 hours',
    prefix: 'mna_',
    table: 'auth_access_tokens',
    type: 'admin_token',
    tokenSecretLength: 40,
  })

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare analyticsId: string

  @column()
  declare email: string | null

  @column({ serializeAs: null })
  declare password: string | null

  @column()
  declare provider: Provider

  /** premium from the subscription; read `hasPremium`, which an admin's override can change */
  @column()
  declare isPremium: boolean

  /** an admin's override of premium (null: none; the subscription decides) */
  @column()
  declare premiumOverride: boolean | null

  /** an admin's debug menu level on the pages: full, limited or none */
  @column()
  declare debugMenu: 'full' | 'limited' | 'none'

  @column()
  declare name: string | null

  @column()
  declare username: string | null

  @column()
  declare about: string | null

  /** moderates the library: approves or rejects revisions, resolves reports */
  @column()
  declare isAdmin: boolean

  /** links shown on the public profile, by network (website, youtube, instagram, tiktok, x) */
  /** set once the user owns or joins a shared deck (a trigger): only they read refetch_deck_ids */
  @column()
  declare inSharedDecks: boolean

  @column()
  declare socialLinks: Record<string, string>

  @column()
  declare onboardingData: Record<string, unknown>

  @column()
  declare onboardingComplete: boolean

  @column()
  declare avatarColor: AvatarColor

  @column()
  declare avatarPath: string | null

  @column()
  declare countryCode: string | null

  @column()
  declare experiments: Record<string, string>

  @column()
  declare locale: string | null

  @column()
  declare theme: string

  @column()
  declare timezoneOffset: number

  @column({ serializeAs: null })
  declare paymentCustomerId: string | null

  @column()
  declare freeAiPrompt: number

  @column()
  declare freeAiPdf: number

  @column()
  declare freeAiCardBuilder: number

  @column()
  declare streakCurrent: number

  @column()
  declare streakLongest: number

  @column()
  declare streakTotalActiveDays: number

  @column.date()
  declare streakShownOn: DateTime | null

  @column.date()
  declare streakCompletedOn: DateTime | null

  @column()
  declare streakFreezes: number

  /** the study day the stored streak was worked out for (YYYY-MM-DD; refresh_streak.ts) */
  @column()
  declare streakAsOf: string | null

  @column()
  declare statsCardsStudied: number

  /** the learner's own FSRS-6 weights, once a fit beat the defaults */
  @column({ prepare: (value: number[] | null) => (value ? JSON.stringify(value) : null) })
  declare fsrsParameters: number[] | null

  /** easy days: seven shares of a normal day's reviews, Sunday first (app/scheduling/balance.ts); null: none */
  @column({ prepare: (value: number[] | null) => (value ? JSON.stringify(value) : null) })
  declare easyDays: number[] | null

  @column({ prepare: (value: unknown) => (value ? JSON.stringify(value) : null) })
  declare fsrsFit: Record<string, unknown> | null

  @column()
  declare learningTutorialSeen: boolean

  /**
   * the feedback request at the end of a session: pending, answered or dismissed
   * (app/actions/client/feedback_request.ts)
   */
  @column()
  declare feedbackRequestState: 'pending' | 'answered' | 'dismissed'

  /**
   * when the learner wants to study, "HH:MM" on their own clock (null: not chosen); see
   * app/actions/client/study_reminders.ts
   */
  @column()
  declare studyReminderTime: string | null

  /** whether the e-mail reminder at that time is on (the one-click unsubscribe turns it off) */
  @column()
  declare studyReminderEnabled: boolean

  /**
   * web sessions carry the epoch they began in; a password change or reset moves it on
   * (app/services/session_users.ts)
   */
  @column({ serializeAs: null })
  declare sessionEpoch: number

  /** when the owner last proved the address (a link mailed there used, or a provider's verified claim) */
  @column.dateTime({ serializeAs: null })
  declare emailVerifiedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => SocialAccount)
  declare socialAccounts: HasMany<typeof SocialAccount>

  /** The effective premium status: an admin's override, else the subscription's. */
  get hasPremium() {
    return this.premiumOverride ?? this.isPremium
  }

  get isGuest() {
    return this.provider === 'guest'
  }

  /**
   * Every insert and update of a user row: an e-mail another account took
   * meanwhile (two sign-ups with one address at once, both past their
   * check) is 422 E_EMAIL_TAKEN, not the database's unique violation.
   */
  override async save() {
    try {
      return await super.save()
    } catch (error) {
      if (
        (error as { code?: string; constraint?: string })?.code === '23505' &&
        (error as { constraint?: string }).constraint === 'users_email_unique'
      ) {
        throw ApiException.of('E_EMAIL_TAKEN', { field: 'email' })
      }
      throw error
    }
  }

  /** The learner's study day (YYYY-MM-DD): their time zone, starting at the rollover hour. */
  today(now = new Date()) {
    /* a user just created has no offset loaded yet: the column default is 0 */
    return studyDay(now, this.timezoneOffset ?? 0)
  }
}
