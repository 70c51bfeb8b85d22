import { BaseMail } from '@adonisjs/mail'
import { composeLocalizedMail } from '#mails/localized_mail'

/**
 * "Confirm this address for Mnemo exports", to the address itself, in the
 * learner's language. Its reader may not be the learner, and whoever asked
 * chose their name and their decks' names: the mail carries none of that
 * text (it could be a phishing line), only the address, the product's own
 * words and the link. Ignoring it sends nothing there.
 */
export default class ExportAddressMail extends BaseMail {
  constructor(private options: { to: string; locale: string; link: string; hours: number }) {
    super()
  }

  prepare() {
    const { to, locale, link, hours } = this.options
    composeLocalizedMail(this.message, {
      to,
      key: 'export_address',
      locale,
      values: { email: to, hours },
      link,
    })
  }
}
