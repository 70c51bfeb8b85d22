import hash from '@adonisjs/core/services/hash'
import { withTransaction, type ActionOptions } from '#actions/action'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { endWebSessions } from '#services/session_users'

/**
 * The account's current password, asked before its password or e-mail changes: 422 E_WRONG_PASSWORD
 * on `current_password`, saying "enter your current password" when none was sent. An account that
 * has none (a guest, Google or Apple only) needs none: it sets its first one.
 */
export async function assertCurrentPassword(user: User, current: string | undefined) {
  if (!user.password) return
  /* said apart: a client that never sent it learns what is missing, not that it was wrong */
  if (!current)
    throw ApiException.of('E_WRONG_PASSWORD', {
      key: 'current_password_required',
      field: 'current_password',
    })
  if (!(await hash.verify(user.password, current)))
    throw ApiException.of('E_WRONG_PASSWORD', { field: 'current_password' })
}

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
  await assertCurrentPassword(user, input.current_password)
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
