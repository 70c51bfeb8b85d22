import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Web pages that need a signed-in user send everyone else to sign in. */
export default class AuthMiddleware {
  redirectTo = '/sign-in'

  async handle(ctx: HttpContext, next: NextFn) {
    await ctx.auth.authenticateUsing(['web'], { loginRoute: this.redirectTo })
    return next()
  }
}
