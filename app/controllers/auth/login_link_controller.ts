import type { HttpContext } from '@adonisjs/core/http'
import ConsumeLoginLink from '#actions/auth/consume_login_link'
import OneTimeToken from '#models/one_time_token'

/**
 * The page behind an e-mailed web_to_app link. On a phone it hands the code
 * to the app (which exchanges it once); in a browser it signs the session in.
 */
export default class LoginLinkController {
  async show({ params, inertia, request, auth, response }: HttpContext) {
    const token = await OneTimeToken.findBySecret(params.token, 'login_link')
    if (!token?.isUsable) return inertia.render('auth/link_expired', {})
    if (request.input('open') === 'web') {
      const user = await new ConsumeLoginLink().handle(params.token)
      await auth.use('web').login(user)
      return response.redirect().toRoute('home')
    }
    return inertia.render('auth/login_link', {
      appUrl: `mnemo://auth?code=${encodeURIComponent(params.token)}`,
      webUrl: `/auth/link/${encodeURIComponent(params.token)}?open=web`,
    })
  }
}
