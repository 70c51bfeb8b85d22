import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { safeNextPath } from '#services/next_path'

/**
 * Sign-in and sign-up pages are for signed-out visitors (guest accounts may
 * upgrade); someone already signed in goes on to the page they asked for.
 */
export default class GuestMiddleware {
  redirectTo = '/'

  async handle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.user
    if (user && !user.isGuest) {
      /* the browser extension's sign-in of someone signed in already: straight to its token */
      if (ctx.request.input('extension')) return ctx.response.redirect('/extension/connected')
      return ctx.response.redirect(safeNextPath(ctx.request.input('next')) ?? this.redirectTo)
    }
    return next()
  }
}
