import { DateTime } from 'luxon'
import User from '#models/user'
import SocialAccount from '#models/social_account'
import ApiException from '#exceptions/api_exception'
import { createUser } from '#actions/auth/create_user'
import type { Identity } from '#services/identity_tokens'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { withTransaction, type ActionOptions } from '#actions/action'
import { renameUpgradedGuest } from '#services/usernames'

/** The provider's e-mail, when verified and not already some account's; else null. */
async function usableEmail(identity: Identity, trx: TransactionClientContract) {
  if (!identity.email || !identity.emailVerified) return null
  const taken = await User.query({ client: trx }).where('email', identity.email).first()
  return taken ? null : identity.email
}

/** The provider vouches for the account's address: it is proven, as a link mailed there would prove it. */
async function markVerified(user: User, identity: Identity, trx: TransactionClientContract) {
  if (
    !identity.emailVerified ||
    !identity.email ||
    user.email !== identity.email ||
    user.emailVerifiedAt
  )
    return
  user.useTransaction(trx)
  user.emailVerifiedAt = DateTime.now()
  await user.save()
}

/**
 * Signs in with a verified Google or Apple identity. The account is found by
 * (provider, subject) only, never by e-mail alone. With `current` (the
 * signed-in user) set, the identity is connected to that account (a guest is
 * upgraded in place). `name`: the one the client sent, over the provider's.
 */
export async function signInWithIdentity(
  current: User | null | undefined,
  input: { identity: Identity; name?: string | null },
  options: ActionOptions = {}
) {
  const identity = input.identity
  return withTransaction(options.trx, async (trx) => {
    const linked = await SocialAccount.query({ client: trx })
      .where({ provider: identity.provider, subject: identity.subject })
      .preload('user')
      .first()

    if (linked) {
      if (current && current.id !== linked.userId && !current.isGuest) {
        throw ApiException.of('E_PROVIDER_LINKED_ELSEWHERE')
      }
      await markVerified(linked.user, identity, trx)
      return { user: linked.user, isNewUser: false }
    }

    let user = current ?? null
    let isNewUser = false
    if (user) {
      user.useTransaction(trx)
      const existing = await user
        .related('socialAccounts')
        .query()
        .where('provider', identity.provider)
        .first()
      if (existing) throw ApiException.of('E_PROVIDER_ALREADY_CONNECTED')
      if (user.isGuest) {
        user.merge({
          provider: identity.provider,
          email: await usableEmail(identity, trx),
          name: user.name ?? input.name ?? identity.name,
        })
        await renameUpgradedGuest(user, user.name || user.email || identity.email, trx)
        await user.save()
      }
    } else {
      user = await createUser(
        {
          provider: identity.provider,
          email: await usableEmail(identity, trx),
          name: input.name ?? identity.name,
        },
        { trx }
      )
      isNewUser = true
    }

    await SocialAccount.create(
      {
        userId: user.id,
        provider: identity.provider,
        subject: identity.subject,
        email: identity.email,
      },
      { client: trx }
    )
    await markVerified(user, identity, trx)
    return { user, isNewUser }
  })
}
