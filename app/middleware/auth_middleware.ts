import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors as authErrors } from '@adonisjs/auth'
import { signInPathFor } from '#services/next_path'
import { wantsJson } from '#services/request_locale'

/**
 * Web pages that need a signed-in user send everyone else to sign in. A
 * page visit names the page it asked for (`/sign-in?next=/decks/5?tab=cards`)
 * so that signing in returns there; forms and JSON calls get the plain refusal.
 */
export default class AuthMiddleware {
  redirectTo = '/sign-in'

  async handle(ctx: HttpContext, next: NextFn) {
    try {
      await ctx.auth.authenticateUsing(['web'], { loginRoute: this.redirectTo })
    } catch (error) {
      const visit = ['GET', 'HEAD'].includes(ctx.request.method()) && !wantsJson(ctx)
      if (error instanceof authErrors.E_UNAUTHORIZED_ACCESS && visit)
        return ctx.response.redirect(signInPathFor(ctx))
      throw error
    }
    return next()
  }
}
