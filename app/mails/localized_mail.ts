import { BaseMail } from '@adonisjs/mail'
import i18nManager from '@adonisjs/i18n/services/main'
import type User from '#models/user'

/**
 * A transactional e-mail in the recipient's language: subject and lines come
 * from `emails.<key>.*`, laid out by resources/views/emails/layout.edge.
 */
export default abstract class LocalizedMail extends BaseMail {
  abstract key: string

  constructor(
    protected user: User,
    protected link: string,
    protected locale: string,
    protected minutes: number
  ) {
    super()
  }

  prepare() {
    const i18n = i18nManager.locale(this.locale)
    const values = { name: this.user.name ?? this.user.username ?? '', minutes: this.minutes }
    const line = (part: string) => i18n.t(`emails.${this.key}.${part}`, values)
    this.message.to(this.user.email!)
    this.message.subject(line('subject'))
    const view = {
      locale: this.locale,
      greeting: line('greeting'),
      intro: line('intro'),
      action: line('action'),
      outro: line('outro'),
      link: this.link,
    }
    this.message.htmlView('emails/layout', view)
    this.message.textView('emails/layout_text', view)
  }
}
