import { subscriptionSummary } from '#queries/payments/subscriptions'
import type { HttpContext } from '@adonisjs/core/http'
import { appearanceValidator, languageValidator } from '#validators/user'
import { LOCALE_COOKIE } from '#services/request_locale'
import { THEME_COOKIE } from '#services/themes'
import { rememberPreference } from '#actions/users/remember_preference'
import UserTransformer from '#transformers/user_transformer'

/** Appearance and language: kept in a cookie always, and on the user when signed in. */
async function remember({ response, auth }: HttpContext, cookie: string, field: 'theme' | 'locale', value: string) {
  response.plainCookie(cookie, value, { maxAge: '365d', encode: false, httpOnly: false })
  if (auth.user) await rememberPreference(auth.user, field, value)
  return response.redirect().back()
}

export default class SettingsController {
  /** GET /settings: appearance, language, help; for a signed-in user the plan with its upgrade and manage entries. */
  async show({ auth, inertia }: HttpContext) {
    const user = auth.use('web').user
    return inertia.render('settings/show', {
      subscription: user ? await subscriptionSummary(user) : null,
      /* the study reminder (signed-in learners with an address; a guest has none to mail) */
      reminder: user && !user.isGuest ? UserTransformer.studyReminder(user) : null,
    })
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
