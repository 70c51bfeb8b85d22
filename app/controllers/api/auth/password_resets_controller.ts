import type { HttpContext } from '@adonisjs/core/http'
import { requestPasswordReset } from '#actions/auth/request_password_reset'
import { resetPassword, linkExpired, resetLinkIsValid } from '#actions/auth/reset_password'
import { apiResetPasswordValidator, emailOnlyValidator } from '#validators/auth'
import { guardEmailRequest } from '#services/auth_throttle'
import AcknowledgementTransformer from '#transformers/acknowledgement_transformer'
import { serialize } from '#transformers/serialize'

export default class PasswordResetsController {
  /** Same answer whether or not the address has an account. */
  async store({ request, response, i18n }: HttpContext) {
    const { email } = await request.validateUsing(emailOnlyValidator)
    await guardEmailRequest('reset', email)
    await requestPasswordReset({ email, locale: i18n.locale })
    return response.accepted(await serialize(AcknowledgementTransformer.transform({ sent: true })))
  }

  async show({ params }: HttpContext) {
    if (!(await resetLinkIsValid(params.token))) throw linkExpired()
    return serialize(AcknowledgementTransformer.transform({ valid: true }))
  }

  async update({ request, params }: HttpContext) {
    const { password } = await request.validateUsing(apiResetPasswordValidator)
    await resetPassword({ token: params.token, password })
    return serialize(AcknowledgementTransformer.transform({ success: true }))
  }
}
