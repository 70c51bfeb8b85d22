import { BaseMail } from '@adonisjs/mail'
import { composeLocalizedMail } from '#mails/localized_mail'

/**
 * "Confirm this address for Mnemo exports", to the address itself, in the
 * learner's language. Its reader may not be the learner: it names who asked,
 * and ignoring it sends nothing there.
 */
export default class ExportAddressMail extends BaseMail {
  constructor(
    private options: { to: string; requester: string; locale: string; deckName: string; link: string; hours: number }
  ) {
    super()
  }

  prepare() {
    const { to, requester, locale, deckName, link, hours } = this.options
    const values = { requester, email: to, deck: deckName, hours }
    composeLocalizedMail(this.message, { to, key: 'export_address', locale, values, link, details: true })
  }
}
