import User from '#models/user'
import OneTimeToken from '#models/one_time_token'
import mail from '@adonisjs/mail/services/main'
import PasswordResetMail from '#mails/password_reset_mail'
import { appUrl } from '#config/app'

export const RESET_LINK_MINUTES = 60

/**
 * E-mails a single-use reset link. Answers the same whether or not the
 * address has an account, so that existence does not leak.
 */
export default class RequestPasswordReset {
  async handle(email: string, locale: string) {
    const user = await User.query().where('email', email.toLowerCase()).first()
    if (!user) return
    const secret = await OneTimeToken.issue(user, 'password_reset', RESET_LINK_MINUTES)
    const link = `${appUrl}/reset-password/${secret}`
    await mail.sendLater(new PasswordResetMail(user, link, user.locale ?? locale, RESET_LINK_MINUTES))
  }
}
