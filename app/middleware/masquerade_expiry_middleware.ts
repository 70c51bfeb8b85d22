import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { MASQUERADE_KEY, MASQUERADE_WEB_MINUTES, webMasquerade } from '#services/admin_session'
import { signOutWeb } from '#services/web_sign_in'
import { isCookieless } from '#services/request_locale'

/**
 * A web masquerade lasts an hour, like the API's masquerade token: after
 * that (or once the session is no longer the masqueraded user's) the browser
 * is signed out rather than left signed in as the user.
 */
export default class MasqueradeExpiryMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const masquerade = isCookieless(ctx) ? null : webMasquerade(ctx)
    if (masquerade) {
      const user = ctx.auth.use('web').user
      const expired = Date.now() - masquerade.startedAt > MASQUERADE_WEB_MINUTES * 60_000
      if (expired || user?.id !== masquerade.userId) {
        ctx.session.forget(MASQUERADE_KEY)
        if (user) await signOutWeb(ctx)
      }
    }
    return next()
  }
}
