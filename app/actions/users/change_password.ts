import hash from '@adonisjs/core/services/hash'
import { withTransaction, type ActionOptions } from '#actions/action'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { endWebSessions } from '#services/session_users'

/**
 * Changes the password; the current one is required when the account has
 * one. Other API tokens are revoked, the one in use (if any) is kept; every
 * web session ends (the web door signs its own session in again).
 */
export async function changePassword(
  user: User,
  input: { current_password?: string; password: string; keepTokenId?: number | string | BigInt },
  options: ActionOptions = {}
) {
  if (user.password) {
    const ok = input.current_password && (await hash.verify(user.password, input.current_password))
    if (!ok) throw ApiException.of('E_WRONG_PASSWORD', { field: 'current_password' })
  }
  await withTransaction(options.trx, async (trx) => {
    user.useTransaction(trx)
    user.password = input.password
    await user.save()
    await trx
      .from('auth_access_tokens')
      .where('tokenable_id', user.id)
      .if(input.keepTokenId, (query) => query.whereNot('id', String(input.keepTokenId)))
      .delete()
    await endWebSessions(user, trx)
  })
  return user
}
