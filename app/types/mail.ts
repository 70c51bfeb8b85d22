/** A message the outbox transport wrote (app/services/mail/outbox_transport.ts), as the dev outbox page lists it. */
export type OutboxMessage = {
  messageId: string
  to: string[]
  subject: string
  html: string
  text: string
  /** the message's own headers (List-Unsubscribe, …) */
  headers?: Record<string, string>
  sentAt: string
}
