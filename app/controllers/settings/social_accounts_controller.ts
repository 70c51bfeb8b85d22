import type { HttpContext } from '@adonisjs/core/http'
import { disconnectProvider } from '#actions/users/disconnect_provider'
import { providerValidator } from '#validators/user'

export default class SocialAccountsController {
  async destroy({ params, auth, response }: HttpContext) {
    await disconnectProvider(
      auth.use('web').getUserOrFail(),
      await providerValidator.validate(params)
    )
    return response.redirect().back()
  }
}
