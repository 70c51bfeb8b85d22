import type { HttpContext } from '@adonisjs/core/http'
import { appearanceValidator, languageValidator } from '#validators/user'
import { LOCALE_COOKIE } from '#services/request_locale'
import { THEME_COOKIE } from '#services/themes'

const YEAR = '365d'

/** Appearance and language: on the user when signed in, in a cookie always. */
export default class SettingsController {
  async show({ inertia }: HttpContext) {
    return inertia.render('settings/show', {})
  }

  async updateAppearance({ request, response, auth }: HttpContext) {
    const { theme } = await request.validateUsing(appearanceValidator)
    response.plainCookie(THEME_COOKIE, theme, { maxAge: YEAR, encode: false, httpOnly: false })
    if (auth.user) {
      auth.user.theme = theme
      await auth.user.save()
    }
    return response.redirect().back()
  }

  async updateLanguage({ request, response, auth }: HttpContext) {
    const { locale } = await request.validateUsing(languageValidator)
    response.plainCookie(LOCALE_COOKIE, locale, { maxAge: YEAR, encode: false, httpOnly: false })
    if (auth.user) {
      auth.user.locale = locale
      await auth.user.save()
    }
    return response.redirect().back()
  }
}
