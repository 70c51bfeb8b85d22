import { BaseMail } from '@adonisjs/mail'
import { composeLocalizedMail } from '#mails/localized_mail'

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
    const values = { name, deck: deckName, format: FORMAT_NAMES[format], days }
    composeLocalizedMail(this.message, { to, key: 'export_ready', locale, values, link, details: true })
  }
}
