import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { MailResponse } from '@adonisjs/mail'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import type { OutboxMessage } from '#types/mail'

/**
 * A real mail transport that delivers to a folder instead of an SMTP
 * server: one JSON file a message. Shared by the web process, the worker
 * and the tests, which read links out of it.
 */
class OutboxTransport implements MailTransportContract {
  #mailer = nodemailer.createTransport({ jsonTransport: true })

  constructor(private directory: string) {}

  async send(message: NodeMailerMessage) {
    const info = await this.#mailer.sendMail(message)
    const parsed = JSON.parse(info.message as unknown as string)
    const entry: OutboxMessage = {
      messageId: info.messageId,
      to: (parsed.to ?? []).map((to: { address: string }) => to.address),
      subject: parsed.subject ?? '',
      html: parsed.html ?? '',
      text: parsed.text ?? '',
      headers: parsed.headers ?? {},
      sentAt: new Date().toISOString(),
    }
    await mkdir(this.directory, { recursive: true })
    const file = join(
      this.directory,
      `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`
    )
    /* written aside, then renamed: a reader in another process (the tests, /dev/outbox) never sees half a message */
    await writeFile(`${file}.partial`, JSON.stringify(entry, null, 2))
    await rename(`${file}.partial`, file)
    return new MailResponse(info.messageId, info.envelope, entry)
  }
}

export function outboxTransport(config: { directory: string }) {
  return () => new OutboxTransport(config.directory)
}

/** Messages in the outbox, newest first. */
export async function readOutbox(directory: string): Promise<OutboxMessage[]> {
  const files = await readdir(directory).catch(() => [] as string[])
  const messages = await Promise.all(
    files
      .filter((file) => file.endsWith('.json'))
      .map(async (file) => JSON.parse(await readFile(join(directory, file), 'utf8')))
  )
  return messages.sort((a, b) => b.sentAt.localeCompare(a.sentAt))
}
