import type { HttpContext } from '@adonisjs/core/http'
import DisconnectProvider from '#actions/users/disconnect_provider'
import { providerValidator } from '#validators/user'

export default class SocialAccountsController {
  async destroy({ params, auth, response }: HttpContext) {
    const { provider } = await providerValidator.validate(params)
    await new DisconnectProvider().handle(auth.use('web').getUserOrFail(), provider)
    return response.redirect().back()
  }
}
