import type { HttpContext } from '@adonisjs/core/http'
import i18nManager from '@adonisjs/i18n/services/main'
import { LOCALES, type Locale } from '#config/i18n'

export const LOCALE_COOKIE = 'locale'

export function isApiRequest(ctx: HttpContext) {
  return ctx.request.url().startsWith('/api/') || ctx.request.url() === '/api'
}

/** POST /ankiconnect: the AnkiConnect door, whose credential is the key in its body (docs/ankiconnect.md). */
export function isAnkiConnectRequest(ctx: HttpContext) {
  const url = ctx.request.url()
  return url === '/ankiconnect' || url === '/ankiconnect/'
}

/** A request that carries no cookie the server reads: the API (bearer tokens) and the AnkiConnect door (its key). */
export function isCookieless(ctx: HttpContext) {
  return isApiRequest(ctx) || isAnkiConnectRequest(ctx)
}

/* a media link the API signed (a WebView loads it without a session): refused as the API refuses, in JSON */
const isSignedMediaRequest = (ctx: HttpContext) =>
  ctx.request.url().startsWith('/media/') && typeof ctx.request.qs().sig === 'string'

/** The API, or a page's own fetch asking for JSON (the editor's preview and uploads); Inertia visits are pages. */
export function wantsJson(ctx: HttpContext) {
  if (isApiRequest(ctx) || isSignedMediaRequest(ctx)) return true
  return (
    !ctx.request.header('x-inertia') &&
    (ctx.request.header('accept') ?? '').startsWith('application/json')
  )
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/**
 * API calls follow the request's language header. Pages follow the user's
 * choice (on the user, else the cookie), else the browser's Accept-Language.
 */
export function resolveLocale(ctx: HttpContext): Locale {
  if (!isCookieless(ctx)) {
    const chosen =
      ctx.auth?.user?.locale ?? ctx.request.plainCookie(LOCALE_COOKIE, { encoded: false })
    if (isLocale(chosen)) return chosen
  }
  const best = i18nManager.getSupportedLocaleFor(ctx.request.languages())
  return isLocale(best) ? best : 'en'
}

/** The request's translator, also when a request fails before the middleware ran. */
export function i18nFor(ctx: HttpContext) {
  return (ctx as Partial<HttpContext>).i18n ?? i18nManager.locale(resolveLocale(ctx))
}
