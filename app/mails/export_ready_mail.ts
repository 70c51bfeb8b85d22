import { BaseMail } from '@adonisjs/mail'
import { composeLocalizedMail } from '#mails/localized_mail'

const FORMAT_NAMES = { csv: 'CSV (.csv)', ofc: 'Mnemo (.ofc)', apkg: 'Anki (.apkg)' } as const

/**
 * "Your export is ready", in the learner's language, to the address the
 * export was requested for, with the signed download link. Only the
 * account's own proven address reads the learner's and the deck's names;
 * any other address (confirmed by its reader) gets the product's own words
 * alone, since those names are text the learner chose.
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
      /** the account's own proven address: names may be shown */
      ownAddress: boolean
    }
  ) {
    super()
  }

  prepare() {
    const { to, name, locale, deckName, format, link, days, ownAddress } = this.options
    const values = ownAddress
      ? { name, deck: deckName, format: FORMAT_NAMES[format], days }
      : { format: FORMAT_NAMES[format], days }
    const key = ownAddress ? 'export_ready' : 'export_ready_neutral'
    composeLocalizedMail(this.message, { to, key, locale, values, link, details: true })
  }
}
