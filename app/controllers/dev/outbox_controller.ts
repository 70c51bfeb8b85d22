import type { HttpContext } from '@adonisjs/core/http'
import { outboxDirectory } from '#config/mail'
import { readOutbox } from '#services/mail/outbox_transport'

/** Development only: the e-mails the outbox transport kept, newest first. */
export default class OutboxController {
  async index({ inertia }: HttpContext) {
    /* not `messages`: that shared prop holds the page's translations */
    const mails = (await readOutbox(outboxDirectory)).slice(0, 50)
    return inertia.render('dev/outbox', { mails })
  }
}
