import User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { createUser } from '#actions/auth/create_user'
import { renameUpgradedGuest } from '#services/usernames'
import { withTransaction, type ActionOptions } from '#actions/action'

/** The validated sign-up (the web's form, the API's `user`) and the request's language. */
export type EmailRegistration = {
  email: string
  password: string
  name?: string | null
  locale?: string | null
}

/** `current` is the signed-in user, if any: a guest signing up keeps everything, the account is upgraded in place. */
export async function registerWithEmail(
  current: User | null | undefined,
  input: EmailRegistration,
  options: ActionOptions = {}
) {
  const email = input.email.toLowerCase()
  return withTransaction(options.trx, async (trx) => {
    const taken = await User.query({ client: trx }).where('email', email).first()
    if (taken) throw ApiException.of('E_EMAIL_TAKEN', { field: 'email' })

    if (current?.isGuest) {
      const guest = current
      guest.useTransaction(trx)
      guest.merge({ provider: 'email', email, password: input.password })
      if (input.name) guest.name = input.name
      await renameUpgradedGuest(guest, input.name || email, trx)
      await guest.save()
      return guest
    }
    return createUser(
      {
        provider: 'email',
        email,
        password: input.password,
        name: input.name,
        locale: input.locale,
      },
      { trx }
    )
  })
}
