import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import DisconnectProvider from '#actions/users/disconnect_provider'
import { providerValidator } from '#validators/user'
import ApiException from '#exceptions/api_exception'

async function connected(user: User) {
  const accounts = await user.related('socialAccounts').query().orderBy('id')
  return { providers: accounts.map(({ provider, email }) => ({ provider, email })) }
}

export default class AuthProvidersController {
  async index({ auth }: HttpContext) {
    return connected(auth.use('api').getUserOrFail())
  }

  async destroy({ params, auth }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { provider } = await providerValidator.validate(params).catch(() => {
      throw ApiException.notFound()
    })
    await new DisconnectProvider().handle(user, provider)
    return connected(user)
  }
}
