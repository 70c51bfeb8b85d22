import { subscriptionSummary } from '#queries/payments/subscriptions'
import type { HttpContext } from '@adonisjs/core/http'
import { appearanceValidator, easyDaysValidator, languageValidator } from '#validators/user'
import { updateProfile } from '#actions/users/update_profile'
import { parseEasyDays } from '#scheduling/balance'
import { LOCALE_COOKIE } from '#services/request_locale'
import { THEME_COOKIE } from '#services/themes'
import { rememberPreference } from '#actions/users/remember_preference'
import StudyReminderTransformer from '#transformers/study_reminder_transformer'
import SubscriptionSummaryTransformer from '#transformers/subscription_summary_transformer'
import AnkiconnectKeyTransformer from '#transformers/ankiconnect_key_transformer'
import { ankiConnectKeyOf } from '#queries/ankiconnect/find_key'
import { renewAnkiConnectKey } from '#actions/ankiconnect/renew_key'
import { ankiConnectUrl } from '#services/ankiconnect_keys'

/** Appearance and language: kept in a cookie always, and on the user when signed in. */
async function remember(
  { response, auth }: HttpContext,
  cookie: string,
  field: 'theme' | 'locale',
  value: string
) {
  response.plainCookie(cookie, value, { maxAge: '365d', encode: false, httpOnly: false })
  if (auth.user) await rememberPreference(auth.user, { field, value })
  return response.redirect().back()
}

export default class SettingsController {
  /**
   * GET /settings: appearance, language, help; for a signed-in learner their easy days
   * (app/scheduling/balance.ts), the study reminder (not for guests: no address to mail)
   * and the plan with its upgrade and manage entries.
   */
  async show({ inertia, auth }: HttpContext) {
    const user = auth.user
    return inertia.render('settings/show', {
      easyDays: user ? [...parseEasyDays(user.easyDays)] : null,
      subscription: user
        ? SubscriptionSummaryTransformer.transform(await subscriptionSummary(user))
        : null,
      reminder: user && !user.isGuest ? StudyReminderTransformer.transform(user) : null,
      /* the AnkiConnect key and the URL to paste with it (docs/ankiconnect.md) */
      ankiconnect: user
        ? AnkiconnectKeyTransformer.transform({
            key: await ankiConnectKeyOf(user),
            url: ankiConnectUrl(),
          })
        : null,
    })
  }

  /** POST /settings/ankiconnect_key: a new AnkiConnect key; the old one stops working. */
  async renewAnkiConnectKey({ auth, response, session, i18n }: HttpContext) {
    await renewAnkiConnectKey(auth.use('web').getUserOrFail())
    session.flash('success', i18n.t('ui.settings.ankiconnect.renewed'))
    return response.redirect().back()
  }

  async updateEasyDays({ auth, request, response, session, i18n }: HttpContext) {
    const { easy_days: easyDays } = await request.validateUsing(easyDaysValidator)
    /* all days normal is none at all */
    await updateProfile(auth.use('web').getUserOrFail(), {
      easy_days: easyDays.every((share) => share === 1) ? null : easyDays,
    })
    session.flash('success', i18n.t('ui.exam.easy_days.saved'))
    return response.redirect().back()
  }

  async updateAppearance(ctx: HttpContext) {
    const { theme } = await ctx.request.validateUsing(appearanceValidator)
    return remember(ctx, THEME_COOKIE, 'theme', theme)
  }

  async updateLanguage(ctx: HttpContext) {
    const { locale } = await ctx.request.validateUsing(languageValidator)
    return remember(ctx, LOCALE_COOKIE, 'locale', locale)
  }
}
