import { BaseMail } from '@adonisjs/mail'
import i18nManager from '@adonisjs/i18n/services/main'

const FORMAT_NAMES = { csv: 'CSV (.csv)', ofc: 'Mnemo (.ofc)', apkg: 'Anki (.apkg)' } as const

/**
 * "Your export is ready", in the learner's language, to the address the
 * export was requested for, with the signed download link.
 */
export default class ExportReadyMail extends BaseMail {
  constructor(
    private options: {
      to: string
      name: string
      locale: string
      deckName: string
      format: keyof typeof FORMAT_NAMES
      link: string
      days: number
    }
  ) {
    super()
  }

  prepare() {
    const { to, name, locale, deckName, format, link, days } = this.options
    const i18n = i18nManager.locale(locale)
    const values = { name, deck: deckName, format: FORMAT_NAMES[format], days }
    const line = (part: string) => i18n.t(`emails.export_ready.${part}`, values)
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
