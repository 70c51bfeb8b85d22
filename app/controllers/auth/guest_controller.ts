import type { HttpContext } from '@adonisjs/core/http'
import { createUser } from '#actions/auth/create_user'
import { afterSignInPath, afterSignUpPath } from '#services/next_path'
import { signInWeb } from '#services/web_sign_in'

/** "Continue without an account": a guest account that can be upgraded later. */
export default class GuestController {
  async store(ctx: HttpContext) {
    const { auth, response, i18n } = ctx
    if (!auth.use('web').user) {
      const user = await createUser({ provider: 'guest', locale: i18n.locale })
      await signInWeb(ctx, user)
      /* a new guest starts with the onboarding */
      return response.redirect(afterSignUpPath(ctx, true))
    }
    return response.redirect(afterSignInPath(ctx))
  }
}
