import { BaseMail } from '@adonisjs/mail'
import type { Message } from '@adonisjs/mail'
import i18nManager from '@adonisjs/i18n/services/main'
import type User from '#models/user'

/**
 * Writes a transactional e-mail in `locale`: subject and lines from
 * `emails.<key>.*` (with `details` when the mail has that line), laid out by
 * resources/views/emails/layout.edge and its plain-text twin.
 */
export function composeLocalizedMail(
  message: Message,
  mail: {
    to: string
    key: string
    locale: string
    values: Record<string, unknown>
    link: string
    details?: boolean
    /** a last line with a link of its own (the reminder's unsubscribe) */
    footer?: { text: string; link: string }
  }
) {
  const i18n = i18nManager.locale(mail.locale)
  const line = (part: string) => i18n.t(`emails.${mail.key}.${part}`, mail.values)
  message.to(mail.to)
  message.subject(line('subject'))
  const view = {
    locale: mail.locale,
    greeting: line('greeting'),
    intro: line('intro'),
    ...(mail.details ? { details: line('details') } : {}),
    action: line('action'),
    outro: line('outro'),
    link: mail.link,
    ...(mail.footer ? { footerText: mail.footer.text, footerLink: mail.footer.link } : {}),
  }
  message.htmlView('emails/layout', view)
  message.textView('emails/layout_text', view)
}

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
    const values = { name: this.user.name ?? this.user.username ?? '', minutes: this.minutes }
    composeLocalizedMail(this.message, {
      to: this.user.email!,
      key: this.key,
      locale: this.locale,
      values,
      link: this.link,
    })
  }
}
