import { BaseTransformer } from '@adonisjs/core/transformers'

/** A provider connected to the account, and the address it gave (connectedAccounts). */
export type ConnectedAccount = { provider: string; email: string | null }

/** One of the providers connected to the account (GET and DELETE auth_providers). */
export default class AuthProviderTransformer extends BaseTransformer<ConnectedAccount> {
  toObject() {
    return this.pick(this.resource, ['provider', 'email'])
  }
}
