import { DateTime } from 'luxon'
import User from '#models/user'
import OneTimeToken from '#models/one_time_token'
import ApiException from '#exceptions/api_exception'
import { withTransaction, type ActionOptions } from '#actions/action'

/** Spends a login link once and returns its account, whose address is then proven. */
export async function consumeLoginLink(input: { token: string }, options: ActionOptions = {}) {
  return withTransaction(options.trx, async (trx) => {
    const token = await OneTimeToken.spend(input.token, 'login_link', trx)
    /* its own words: a sign-in link is asked for again in the app, not by resetting a password */
    if (!token) throw ApiException.of('E_LINK_EXPIRED', { key: 'login_link_expired' })
    const user = await User.findOrFail(token.userId, { client: trx })
    /* the link came to the account's address: its owner has proved it */
    if (user.email && !user.emailVerifiedAt) {
      user.emailVerifiedAt = DateTime.now()
      await user.save()
    }
    return user
  })
}
