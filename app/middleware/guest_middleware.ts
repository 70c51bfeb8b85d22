import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Sign-in and sign-up pages are for signed-out visitors (guest accounts may upgrade). */
export default class GuestMiddleware {
  redirectTo = '/'

  async handle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.user
    if (user && !user.isGuest) return ctx.response.redirect(this.redirectTo, true)
    return next()
  }
}
