import type { HttpContext } from '@adonisjs/core/http'
import { disconnectProvider } from '#actions/users/disconnect_provider'
import { connectedAccounts } from '#queries/users/connected_accounts'
import UserTransformer from '#transformers/user_transformer'
import { providerValidator } from '#validators/user'
import ApiException from '#exceptions/api_exception'

export default class AuthProvidersController {
  async index({ auth }: HttpContext) {
    return UserTransformer.providers(await connectedAccounts(auth.use('api').getUserOrFail()))
  }

  async destroy({ params, auth }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await providerValidator.validate(params).catch(() => {
      throw ApiException.notFound()
    })
    await disconnectProvider(user, input)
    return UserTransformer.providers(await connectedAccounts(user))
  }
}
