import type { HttpContext } from '@adonisjs/core/http'
import { requestPasswordReset } from '#actions/auth/request_password_reset'
import { resetPassword, resetLinkIsValid } from '#actions/auth/reset_password'
import { emailOnlyValidator, newPasswordValidator } from '#validators/auth'
import { guardEmailRequest } from '#services/auth_throttle'

export default class PasswordResetController {
  async create({ inertia }: HttpContext) {
    return inertia.render('auth/forgot_password', {})
  }

  async store({ request, response, i18n }: HttpContext) {
    const { email } = await request.validateUsing(emailOnlyValidator)
    await guardEmailRequest('reset', email)
    await requestPasswordReset({ email, locale: i18n.locale })
    return response.redirect().toRoute('password.sent')
  }

  async sent({ inertia }: HttpContext) {
    return inertia.render('auth/reset_sent', {})
  }

  async edit({ inertia, params }: HttpContext) {
    if (!(await resetLinkIsValid(params.token))) return inertia.render('auth/link_expired', {})
    return inertia.render('auth/reset_password', { token: params.token as string })
  }

  async update({ request, params, response, inertia }: HttpContext) {
    const { password } = await request.validateUsing(newPasswordValidator)
    if (!(await resetLinkIsValid(params.token))) return inertia.render('auth/link_expired', {})
    await resetPassword({ token: params.token, password })
    return response.redirect().toRoute('password.success')
  }

  async success({ inertia }: HttpContext) {
    return inertia.render('auth/reset_success', {})
  }
}
