import { Fragment } from 'react'
import { Head } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { ClientDate } from '~/components/decks/deck_counts'
import type { Data } from '~generated/data'

type Mail = Data.OutboxMessage

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g

/** The mail's text with its links clickable: a developer follows reset and sign-in links from here. */
function MailText({ text }: { text: string }) {
  return (
    <div className="outbox-text">
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        )
      )}
    </div>
  )
}

/** A development tool: the e-mails the outbox transport kept instead of sending them, newest first. */
export default function Outbox({ mails, mailer }: { mails: Mail[]; mailer: 'outbox' | 'smtp' }) {
  const t = useT()
  return (
    <div className="stack">
      <Head title={t('dev.outbox_title')} />
      <h1>{t('dev.outbox_title')}</h1>
      <p className="muted">{t('dev.outbox_intro')}</p>
      <p className="muted">{mailer === 'smtp' ? t('dev.outbox_smtp') : t('dev.outbox_kept')}</p>
      {mails.length === 0 && <p className="muted">{t('dev.outbox_empty')}</p>}
      {mails.map((mail) => (
        <article key={mail.messageId} className="card stack outbox-mail">
          <h2>{mail.subject}</h2>
          <dl className="outbox-meta">
            <dt>{t('dev.outbox_to')}</dt>
            <dd>{mail.to.join(', ')}</dd>
            <dt>{t('dev.outbox_sent')}</dt>
            <dd>
              <ClientDate iso={mail.sentAt} withTime />
            </dd>
          </dl>
          <MailText text={mail.text} />
        </article>
      ))}
    </div>
  )
}
