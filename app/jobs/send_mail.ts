import mail from '@adonisjs/mail/services/main'
import type { JobPayload } from '#services/queue'

/** Sends a mail compiled by the web process (see the queue messenger in the app provider). */
export default async function sendMail(payload: JobPayload<'send_mail'>) {
  await mail.use().sendCompiled(payload)
}
