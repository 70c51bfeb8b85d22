import User from '#models/user'
import OneTimeToken, { type OneTimePurpose } from '#models/one_time_token'
import mail from '@adonisjs/mail/services/main'
import type LocalizedMail from '#mails/localized_mail'
import { appUrl } from '#config/app'

type MailClass = new (user: User, link: string, locale: string, minutes: number) => LocalizedMail

/**
 * E-mails a single-use link (`${appUrl}${path}/<secret>`) to the account of
 * `email`. Does nothing, and says nothing, when there is no such account.
 */
export async function emailOneTimeLink(options: {
  email: string
  purpose: OneTimePurpose
  path: string
  minutes: number
  mail: MailClass
  locale: string
}) {
  const user = await User.query().where('email', options.email.toLowerCase()).first()
  if (!user) return
  const secret = await OneTimeToken.issue(user, options.purpose, options.minutes)
  const link = `${appUrl}${options.path}/${secret}`
  await mail.sendLater(new options.mail(user, link, user.locale ?? options.locale, options.minutes))
}
