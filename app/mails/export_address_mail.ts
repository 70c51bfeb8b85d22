import { BaseMail } from '@adonisjs/mail'
import i18nManager from '@adonisjs/i18n/services/main'

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
    const i18n = i18nManager.locale(locale)
    const values = { requester, email: to, deck: deckName, hours }
    const line = (part: string) => i18n.t(`emails.export_address.${part}`, values)
    this.message.to(to)
    this.message.subject(line('subject'))
    const view = {
      locale,
      greeting: line('greeting'),
      intro: line('intro'),
      details: line('details'),
      action: line('action'),
      outro: line('outro'),
      link,
    }
    this.message.htmlView('emails/layout', view)
    this.message.textView('emails/layout_text', view)
  }
}
