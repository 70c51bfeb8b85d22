import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import OneTimeToken from '#models/one_time_token'
import { linkExpired } from '#actions/auth/reset_password'

/** Spends a login link once and returns its account, whose address is then proven. */
export default class ConsumeLoginLink {
  async handle(secret: string) {
    return db.transaction(async (trx) => {
      const token = await OneTimeToken.spend(secret, 'login_link', trx)
      if (!token) throw linkExpired()
      const user = await User.findOrFail(token.userId, { client: trx })
      /* the link came to the account's address: its owner has proved it */
      if (user.email && !user.emailVerifiedAt) {
        user.emailVerifiedAt = DateTime.now()
        await user.save()
      }
      return user
    })
  }
}
