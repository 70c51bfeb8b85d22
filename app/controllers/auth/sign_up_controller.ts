import type { HttpContext } from '@adonisjs/core/http'
import RegisterWithEmail from '#actions/auth/register_with_email'
import { signUpValidator } from '#validators/auth'
import { socialSignInOptions } from '#services/social_options'

export default class SignUpController {
  async start({ inertia }: HttpContext) {
    return inertia.render('auth/get_started', { social: socialSignInOptions() })
  }

  async show({ inertia }: HttpContext) {
    return inertia.render('auth/sign_up', { social: socialSignInOptions() })
  }

  async store({ request, auth, response, i18n }: HttpContext) {
    const { name, email, password } = await request.validateUsing(signUpValidator)
    const guest = auth.use('web').user
    const user = await new RegisterWithEmail().handle({ name, email, password, guest, locale: i18n.locale })
    await auth.use('web').login(user)
    return response.redirect().toRoute('home')
  }
}
