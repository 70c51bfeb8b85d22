import { useState } from 'react'
import { Head, router } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'

type Revision = Data.PendingRevision

function RevisionItem({ revision }: { revision: Revision }) {
  const t = useT()
  const [reason, setReason] = useState('')
  const reject = () =>
    reason.trim() &&
    router.post(
      urlFor('moderation.reject', { id: revision.id }),
      { reason: reason.trim() },
      { preserveScroll: true }
    )
  return (
    <li className="card stack" data-revision={revision.id}>
      <h3>{revision.name}</h3>
      <p>
        {t('publishing.moderation.by', { author: revision.author.name, version: revision.version })}
      </p>
      <p>{t('publishing.moderation.changes', revision.changes)}</p>
      <p>{revision.description}</p>
      <ul>
        {revision.notes.map((note) => (
          <li key={note.id}>
            {note.deckPath.length ? `${note.deckPath.join(' / ')}: ` : ''}
            <strong>{note.front}</strong> — {note.back}
          </li>
        ))}
      </ul>
      <p>{t('publishing.moderation.notes_count', { count: revision.notesCount })}</p>
      <div className="row">
        <button
          type="button"
          className="button"
          onClick={() =>
            router.post(
              urlFor('moderation.approve', { id: revision.id }),
              {},
              { preserveScroll: true }
            )
          }
        >
          {t('publishing.moderation.approve')}
        </button>
        <label>
          {t('publishing.moderation.reason')}
          <input name="reason" value={reason} onChange={(event) => setReason(event.target.value)} />
        </label>
        <button type="button" className="button ghost" disabled={!reason.trim()} onClick={reject}>
          {t('publishing.moderation.reject')}
        </button>
      </div>
    </li>
  )
}

type Props = { revisions: Revision[]; reports: Data.OpenReport[] }

export default function Moderation({ revisions, reports }: Props) {
  const t = useT()
  const close = (id: number, status: 'resolved' | 'dismissed') =>
    router.post(urlFor('moderation.reports.close', { id }), { status }, { preserveScroll: true })
  return (
    <div className="stack">
      <Head title={t('publishing.moderation.title')} />
      <h1>{t('publishing.moderation.title')}</h1>
      <section className="stack" aria-labelledby="pending-revisions">
        <h2 id="pending-revisions">{t('publishing.moderation.pending')}</h2>
        {revisions.length ? (
          <ul className="stack">
            {revisions.map((revision) => (
              <RevisionItem key={revision.id} revision={revision} />
            ))}
          </ul>
        ) : (
          <p>{t('publishing.moderation.no_pending')}</p>
        )}
      </section>
      <section className="stack" aria-labelledby="open-reports">
        <h2 id="open-reports">{t('publishing.moderation.reports')}</h2>
        {reports.length ? (
          <ul className="stack">
            {reports.map((report) => (
              <li key={report.id} className="card stack" data-report={report.id}>
                <h3>{report.deckName}</h3>
                <p>{report.text}</p>
                <div className="row">
                  <button
                    type="button"
                    className="button"
                    onClick={() => close(report.id, 'resolved')}
                  >
                    {t('publishing.moderation.resolve')}
                  </button>
                  <button
                    type="button"
                    className="button ghost"
                    onClick={() => close(report.id, 'dismissed')}
                  >
                    {t('publishing.moderation.dismiss')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('publishing.moderation.no_reports')}</p>
        )}
      </section>
    </div>
  )
}
