import type { HttpContext } from '@adonisjs/core/http'
import { consumeLoginLink } from '#actions/auth/consume_login_link'
import OneTimeToken from '#models/one_time_token'
import { afterSignInPath } from '#services/next_path'
import { signInWeb } from '#services/web_sign_in'

/**
 * The page behind an e-mailed web_to_app link. On a phone it hands the code
 * to the app (which exchanges it once); in a browser a button (a POST, so
 * that mail scanners following links spend nothing) signs the session in.
 */
export default class LoginLinkController {
  async show({ params, inertia }: HttpContext) {
    const token = await OneTimeToken.findBySecret(params.token, 'login_link')
    if (!token?.isUsable) return inertia.render('auth/link_expired', {})
    return inertia.render('auth/login_link', {
      appUrl: `mnemo://auth?code=${encodeURIComponent(params.token)}`,
      token: params.token as string,
    })
  }

  async store(ctx: HttpContext) {
    const user = await consumeLoginLink({ token: ctx.params.token })
    await signInWeb(ctx, user)
    return ctx.response.redirect(afterSignInPath(ctx))
  }
}
