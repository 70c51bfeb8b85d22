import type { HttpContext } from '@adonisjs/core/http'
import { registerWithEmail } from '#actions/auth/register_with_email'
import { signUpValidator } from '#validators/auth'
import { socialSignInOptions } from '#services/social_options'
import SocialOptionsTransformer from '#transformers/social_options_transformer'
import { afterSignUpPath } from '#services/next_path'
import { signInWeb } from '#services/web_sign_in'

export default class SignUpController {
  async start({ inertia }: HttpContext) {
    return inertia.render('auth/get_started', {
      social: SocialOptionsTransformer.transform(socialSignInOptions()),
    })
  }

  async show({ inertia }: HttpContext) {
    return inertia.render('auth/sign_up', {
      social: SocialOptionsTransformer.transform(socialSignInOptions()),
    })
  }

  async store(ctx: HttpContext) {
    const { request, auth, response, i18n } = ctx
    const input = await request.validateUsing(signUpValidator)
    const guest = auth.use('web').user
    /* a guest who signs up has had their onboarding already (done or skipped) */
    const newcomer = !guest?.isGuest
    const user = await registerWithEmail(guest, { ...input, locale: i18n.locale })
    await signInWeb(ctx, user)
    return response.redirect(afterSignUpPath(ctx, newcomer && !user.onboardingComplete))
  }
}
