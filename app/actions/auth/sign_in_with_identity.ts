import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import SocialAccount from '#models/social_account'
import ApiException from '#exceptions/api_exception'
import { createUser } from '#actions/auth/create_user'
import type { Identity } from '#services/identity_tokens'

/**
 * Signs in with a verified Google or Apple identity. The account is found by
 * (provider, subject) only, never by e-mail alone. With `current` set, the
 * identity is connected to that account (a guest is upgraded in place).
 */
export default class SignInWithIdentity {
  async handle(identity: Identity, options: { current?: User | null; name?: string | null } = {}) {
    return db.transaction(async (trx) => {
      const linked = await SocialAccount.query({ client: trx })
        .where({ provider: identity.provider, subject: identity.subject })
        .preload('user')
        .first()

      if (linked) {
        if (options.current && options.current.id !== linked.userId && !options.current.isGuest) {
          throw new ApiException(409, 'E_PROVIDER_LINKED_ELSEWHERE', 'provider_linked_elsewhere')
        }
        return { user: linked.user, isNewUser: false }
      }

      let user = options.current ?? null
      let isNewUser = false
      if (user) {
        user.useTransaction(trx)
        const existing = await user.related('socialAccounts').query().where('provider', identity.provider).first()
        if (existing) throw new ApiException(409, 'E_PROVIDER_ALREADY_CONNECTED', 'provider_already_connected')
        if (user.isGuest) {
          const emailFree = identity.email && identity.emailVerified && !(await User.query({ client: trx }).where('email', identity.email).first())
          user.merge({ provider: identity.provider, email: emailFree ? identity.email : null, name: user.name ?? options.name ?? identity.name })
          await user.save()
        }
      } else {
        const emailFree = identity.email && identity.emailVerified && !(await User.query({ client: trx }).where('email', identity.email).first())
        user = await createUser(
          { provider: identity.provider, email: emailFree ? identity.email : null, name: options.name ?? identity.name },
          trx
        )
        isNewUser = true
      }

      await SocialAccount.create(
        { userId: user.id, provider: identity.provider, subject: identity.subject, email: identity.email },
        { client: trx }
      )
      return { user, isNewUser }
    })
  }
}
