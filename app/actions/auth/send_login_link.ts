import User from '#models/user'
import OneTimeToken from '#models/one_time_token'
import mail from '@adonisjs/mail/services/main'
import LoginLinkMail from '#mails/login_link_mail'
import { appUrl } from '#config/app'

export const LOGIN_LINK_MINUTES = 15

/**
 * The web_to_app sign-in: a one-time link e-mailed to the address. Opening it
 * signs in the browser, and offers the code to the app (mnemo://auth?code=…).
 */
export default class SendLoginLink {
  async handle(email: string, locale: string) {
    const user = await User.query().where('email', email.toLowerCase()).first()
    if (!user) return
    const secret = await OneTimeToken.issue(user, 'login_link', LOGIN_LINK_MINUTES)
    const link = `${appUrl}/auth/link/${secret}`
    await mail.sendLater(new LoginLinkMail(user, link, user.locale ?? locale, LOGIN_LINK_MINUTES))
  }
}
