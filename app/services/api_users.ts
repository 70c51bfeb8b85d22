import { AccessTokensLucidUserProvider } from '@adonisjs/auth/access_tokens'
import type { Secret } from '@adonisjs/core/helpers'
import type User from '#models/user'

type UserModel = typeof User

/**
 * The bearer-token guard's users: the token and its owner come from one read
 * (SucceedingAccessTokensProvider.verifyWithOwner), where the guard would ask
 * for the token, then for its user. The owner's row waits here, by user id,
 * for the guard's findById that follows at once; a concurrent request of the
 * same user taking it first leaves the other to read the row itself.
 */
export class BearerUserProvider extends AccessTokensLucidUserProvider<'accessTokens', UserModel> {
  #owners = new Map<string, Record<string, any>>()

  async verifyToken(tokenValue: Secret<string>) {
    const model = await this.getModel()
    const found = await model.accessTokens.verifyWithOwner(tokenValue)
    if (!found) return null
    this.#owners.set(String(found.token.tokenableId), found.owner)
    return found.token
  }

  async findById(identifier: string | number | BigInt) {
    const key = String(identifier)
    const row = this.#owners.get(key)
    if (!row) return super.findById(identifier)
    this.#owners.delete(key)
    const model = await this.getModel()
    return this.createUserForGuard(model.$createFromAdapterResult(row)!)
  }
}
