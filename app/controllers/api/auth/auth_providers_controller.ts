import type { HttpContext } from '@adonisjs/core/http'
import { disconnectProvider } from '#actions/users/disconnect_provider'
import { connectedAccounts } from '#queries/users/connected_accounts'
import AuthProviderTransformer, {
  type ConnectedAccount,
} from '#transformers/auth_provider_transformer'
import { serialize } from '#transformers/serialize'
import { providerValidator } from '#validators/user'
import ApiException from '#exceptions/api_exception'

/** The providers connected to the account, oldest first. */
function present(accounts: ConnectedAccount[]) {
  return serialize({ providers: AuthProviderTransformer.transform(accounts) })
}

export default class AuthProvidersController {
  async index({ auth }: HttpContext) {
    return present(await connectedAccounts(auth.use('api').getUserOrFail()))
  }

  async destroy({ params, auth }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await providerValidator.validate(params).catch(() => {
      throw ApiException.notFound()
    })
    await disconnectProvider(user, input)
    return present(await connectedAccounts(user))
  }
}
