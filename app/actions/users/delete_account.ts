import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'

/**
 * Deletes the account and everything it owns (rows cascade from users),
 * once the user has typed their own username.
 */
export default class DeleteAccount {
  async handle(user: User, confirmation: string) {
    if (!user.username || confirmation.trim().toLowerCase() !== user.username.toLowerCase()) {
      throw new ApiException(422, 'E_CONFIRMATION_MISMATCH', 'confirmation_mismatch', { apiField: 'confirmation' })
    }
    const avatar = user.avatarPath
    await db.transaction(async (trx) => {
      user.useTransaction(trx)
      await user.delete()
    })
    if (avatar) await drive.use().delete(avatar).catch(() => {})
  }
}
