import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import OneTimeToken from '#models/one_time_token'
import { linkExpired } from '#actions/auth/reset_password'

/** Spends a login link once and returns its account. */
export default class ConsumeLoginLink {
  async handle(secret: string) {
    return db.transaction(async (trx) => {
      const token = await OneTimeToken.spend(secret, 'login_link', trx)
      if (!token) throw linkExpired()
      return User.findOrFail(token.userId, { client: trx })
    })
  }
}
