import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { signInValidator } from '#validators/auth'
import { guardSignIn } from '#services/auth_throttle'
import { socialSignInOptions } from '#services/social_options'

export default class SignInController {
  async show({ inertia }: HttpContext) {
    return inertia.render('auth/sign_in', { social: socialSignInOptions() })
  }

  async store({ request, auth, response }: HttpContext) {
    const { email, password } = await request.validateUsing(signInValidator)
    const user = await guardSignIn(request.ip(), email, () => User.verifyCredentials(email, password))
    await auth.use('web').login(user)
    return response.redirect().toRoute('home')
  }

  async destroy({ auth, response }: HttpContext) {
    await auth.use('web').logout()
    return response.redirect().toRoute('home')
  }
}
