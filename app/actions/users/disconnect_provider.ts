import type User from '#models/user'
import type { SocialProvider } from '#types/auth'
import ApiException from '#exceptions/api_exception'
import { withTransaction, type ActionOptions } from '#actions/action'

/** Disconnects Google or Apple, unless it is the account's last way to sign in. */
export async function disconnectProvider(
  user: User,
  input: { provider: SocialProvider },
  options: ActionOptions = {}
) {
  const provider = input.provider
  await withTransaction(options.trx, async (trx) => {
    const accounts = await user.related('socialAccounts').query().useTransaction(trx).forUpdate()
    const target = accounts.find((account) => account.provider === provider)
    if (!target) throw ApiException.notFound()
    const otherWays = accounts.length - 1 + (user.password && user.email ? 1 : 0)
    if (otherWays === 0) {
      throw ApiException.of('E_LAST_SIGN_IN_METHOD')
    }
    target.useTransaction(trx)
    await target.delete()
  })
}
