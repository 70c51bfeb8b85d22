import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import { outboxDirectory } from '#config/mail'
import { readOutbox } from '#services/mail/outbox_transport'
import OutboxMessageTransformer from '#transformers/outbox_message_transformer'

/**
 * A development tool (registered in development and tests only, never in
 * production: start/routes/web.ts): the e-mails the outbox transport wrote
 * instead of sending them, newest first, and the page says so.
 */
export default class OutboxController {
  async index({ inertia }: HttpContext) {
    /* not `messages`: that shared prop holds the page's translations */
    const outbox = await readOutbox(outboxDirectory)
    const mails = outbox.slice(0, 50)
    const mailer =
      app.config.get<string>('mail.default') === 'smtp' ? ('smtp' as const) : ('outbox' as const)
    return inertia.render('dev/outbox', {
      mails: OutboxMessageTransformer.transform(mails),
      mailer,
    })
  }
}
