import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isCookieless } from '#services/request_locale'
import { CLEAR_HISTORY_FLASH } from '#services/web_sign_in'

/** Web pages know who is signed in, without requiring it. */
export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (!isCookieless(ctx)) {
      /* through the authenticator (not the guard alone): ctx.auth.user is what it found */
      const signedIn = await ctx.auth.check()
      const web = ctx.auth.use('web')
      /*
       * A session that names a user but is nobody's any more (the password
       * changed elsewhere, the account is gone) is signed out as a sign-out
       * would be, the browser's kept pages included.
       */
      if (!signedIn && ctx.session.has(web.sessionKeyName)) {
        await web.logout()
        ctx.session.flash(CLEAR_HISTORY_FLASH, true)
      }
    }
    return next()
  }
}
