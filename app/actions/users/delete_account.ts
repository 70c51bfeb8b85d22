import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'

/**
 * Deletes the account and everything it owns (rows cascade from users). The
 * web asks for the username typed (a safeguard of its form); the apps' DELETE
 * users/{id} has no payload, as the spec's table says, and is checked only
 * when it names a confirmation.
 */
export default class DeleteAccount {
  async handle(user: User, confirmation: string | undefined) {
    const confirmed = (text: string) => Boolean(user.username) && text.trim().toLowerCase() === user.username!.toLowerCase()
    if (confirmation !== undefined && !confirmed(confirmation)) {
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
