import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import type { Stream, StreamNote } from '~/components/ai/stream'

/* literal keys, so the catalogue test sees every one */
const FAILURES: Record<string, string> = {
  E_AI_RATE_LIMITED: 'ai.failed.rate_limited',
  E_AI_PROVIDER: 'ai.failed.provider',
  E_AI_NEEDS_PROVIDER: 'ai.failed.needs_provider',
  E_AI_NOTHING_GENERATED: 'ai.failed.nothing',
  E_CARDS_LIMIT_REACHED: 'ai.failed.cards_limit',
  E_GUEST_CARDS_LIMIT: 'ai.failed.guest_limit',
}

type Props = {
  stream: Stream
  notes: StreamNote[]
  running: boolean
  live: boolean
  onCancel: (deleteNotes: boolean) => void
  onAgain: () => void
}

/** The cards as they come (spec: preview), the stream's state, and stop with or without deleting. */
export function StreamPreview({ stream, notes, running, live, onCancel, onAgain }: Props) {
  const t = useT()
  const state = running
    ? t('ai.preview.running', { count: notes.length })
    : stream.status === 'cancelled'
      ? t('ai.preview.cancelled', { count: notes.length })
      : stream.status === 'failed'
        ? t('ai.preview.failed')
        : t('ai.preview.done', { count: stream.count })
  return (
    <section
      className="card stack ai-preview"
      aria-label={t('ai.preview.title')}
      data-status={stream.status}
      data-live={live || undefined}
    >
      <div className="row ai-preview-head">
        <h2>{t('ai.preview.title')}</h2>
        <span className="badge badge-processing" aria-live="polite">
          {running && <span className="spinner" aria-hidden="true" />}
          {state}
        </span>
      </div>
      {stream.error && (
        <p className="notice notice-danger" role="alert">
          {t(FAILURES[stream.error.code] ?? 'ai.errors.unknown')}
        </p>
      )}
      {running && (
        <div className="row">
          <button type="button" className="button" onClick={() => onCancel(false)}>
            {t('ai.cancel.keep')}
          </button>
          <button type="button" className="button danger" onClick={() => onCancel(true)}>
            {t('ai.cancel.delete')}
          </button>
        </div>
      )}
      <ol className="ai-notes">
        {notes.map((note) => (
          <li key={note.id} className="ai-note" data-note-id={note.id}>
            <div className="ai-note-front">{note.front}</div>
            <div className="ai-note-back muted">{note.back}</div>
          </li>
        ))}
      </ol>
      {!running && (
        <div className="row">
          <Link route="decks.show" routeParams={{ id: stream.deckId }} className="button">
            {t('ai.preview.open_deck', { name: stream.deckName })}
          </Link>
          {stream.count > 0 && stream.status !== 'cancelled' && (
            <Link route="learn.show" routeParams={{ id: stream.deckId }} className="button primary">
              {t('ai.preview.study')}
            </Link>
          )}
          <button type="button" className="button" onClick={onAgain}>
            {t('ai.preview.again')}
          </button>
        </div>
      )}
    </section>
  )
}
