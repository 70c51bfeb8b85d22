import { Head } from '@inertiajs/react'
import { useT } from '~/lib/i18n'

type Message = { messageId: string; to: string[]; subject: string; text: string; sentAt: string }

export default function Outbox({ messages }: { messages: Message[] }) {
  const t = useT()
  return (
    <div className="stack">
      <Head title={t('dev.outbox_title')} />
      <h1>{t('dev.outbox_title')}</h1>
      {messages.length === 0 && <p className="muted">{t('dev.outbox_empty')}</p>}
      {messages.map((message) => (
        <article key={message.messageId} className="card stack">
          <strong>{message.subject}</strong>
          <span className="muted">
            {message.to.join(', ')} · {new Date(message.sentAt).toLocaleString()}
          </span>
          <div className="outbox-item">{message.text}</div>
        </article>
      ))}
    </div>
  )
}
