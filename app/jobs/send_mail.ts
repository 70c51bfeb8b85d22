import mail from '@adonisjs/mail/services/main'
import type { MessageBodyTemplates, NodeMailerMessage } from '@adonisjs/mail/types'

/** Sends a mail compiled by the web process (see the queue messenger in the app provider). */
export default async function sendMail(payload: {
  message: NodeMailerMessage
  views: MessageBodyTemplates
}) {
  await mail.use().sendCompiled(payload)
}
