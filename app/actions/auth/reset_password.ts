import { DateTime } from 'luxon'
import User from '#models/user'
import OneTimeToken from '#models/one_time_token'
import ApiException from '#exceptions/api_exception'
import { endWebSessions } from '#services/session_users'
import { withTransaction, type ActionOptions } from '#actions/action'

export const linkExpired = () => ApiException.of('E_LINK_EXPIRED')

/** Whether a reset link can still be used. */
export async function resetLinkIsValid(secret: string) {
  const token = await OneTimeToken.findBySecret(secret, 'password_reset')
  return Boolean(token?.isUsable)
}

/**
 * Sets the new password and spends the link in one transaction. Every API
 * token of the account is revoked and every web session ends: whoever knew
 * the old password is out.
 */
export async function resetPassword(
  input: { token: string; password: string },
  options: ActionOptions = {}
) {
  const password = input.password
  return withTransaction(options.trx, async (trx) => {
    const token = await OneTimeToken.spend(input.token, 'password_reset', trx)
    if (!token) throw linkExpired()

    const user = await User.findOrFail(token.userId, { client: trx })
    user.password = password
    /* the link came to the account's address: its owner has proved it */
    if (user.email) user.emailVerifiedAt = DateTime.now()
    await user.save()
    await trx.from('auth_access_tokens').where('tokenable_id', user.id).delete()
    await endWebSessions(user, trx)
    return user
  })
}
