import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { createUser } from '#actions/auth/create_user'
import { suggestUsername } from '#services/usernames'

export type EmailRegistration = {
  email: string
  password: string
  name?: string | null
  locale?: string | null
  /** a guest signing up keeps everything: the account is upgraded in place */
  guest?: User | null
}

export default class RegisterWithEmail {
  async handle(input: EmailRegistration) {
    const email = input.email.toLowerCase()
    return db.transaction(async (trx) => {
      const taken = await User.query({ client: trx }).where('email', email).first()
      if (taken) throw ApiException.of('E_EMAIL_TAKEN', { field: 'email' })

      if (input.guest?.isGuest) {
        const guest = input.guest
        guest.useTransaction(trx)
        guest.merge({ provider: 'email', email, password: input.password })
        if (input.name) guest.name = input.name
        if (guest.username?.startsWith('guest')) guest.username = await suggestUsername(input.name || email, trx)
        await guest.save()
        return guest
      }
      return createUser({ provider: 'email', email, password: input.password, name: input.name, locale: input.locale }, trx)
    })
  }
}
