import { BaseTransformer } from '@adonisjs/core/transformers'
import type { OutboxMessage } from '#types/mail'

/** An e-mail the outbox transport wrote, as the dev outbox page lists it. */
export default class OutboxMessageTransformer extends BaseTransformer<OutboxMessage> {
  toObject() {
    const mail = this.resource
    return {
      ...this.pick(mail, ['messageId', 'subject', 'html', 'text', 'sentAt']),
      to: [...mail.to],
      headers: mail.headers && { ...mail.headers },
    }
  }
}
