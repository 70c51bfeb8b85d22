import { useEffect, useEffectEvent, useRef } from 'react'
import { Head, usePoll } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '~generated/data'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { useToast } from '~/components/ui/toasts'
import { ClientDate } from '~/components/decks/deck_counts'
import { POLLING_INTERVAL } from '~/components/decks/use_deck_polling'
import '~/css/decks.css'
import '~/css/exports.css'

type Export = Data.Export.Variants['forList']

const RUNNING = new Set<Export['state']>(['queued', 'processing'])
/* a waiting export may be confirmed from the mail in another tab: the list follows it too */
const FOLLOWED = new Set<Export['state']>([...RUNNING, 'awaiting_confirmation'])

/* literal keys, so the catalogue test sees every one */
const STATE_LABELS = {
  awaiting_confirmation: 'exports.list.state.awaiting_confirmation',
  queued: 'exports.list.state.queued',
  processing: 'exports.list.state.processing',
  done: 'exports.list.state.done',
  failed: 'exports.list.state.failed',
  expired: 'exports.list.state.expired',
} as const
const FAILURES = {
  deck_deleted: 'exports.list.failed_deck_deleted',
  unconfirmed: 'exports.list.failed_unconfirmed',
  error: 'exports.list.failed_error',
} as const
const FORMAT_LABELS = {
  ofc: 'exports.format.ofc',
  apkg: 'exports.format.apkg',
  csv: 'exports.format.csv',
} as const

function fileSize(bytes: number, locale: string) {
  const [value, unit] =
    bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes, 1) / 1_000, 'kilobyte']
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value)
}

/**
 * While an export waits or is written, the list polls (every 3 s, as the
 * deck list does) and says so when it turns ready.
 */
function useExportsPolling(exports: Export[]) {
  const t = useT()
  const toast = useToast()
  const seen = useRef(new Map(exports.map((item) => [item.id, item.state])))
  /* a new list is the reason to look; the toast in the reader's current language is not */
  const announceReady = useEffectEvent((name: Export['deckName']) =>
    toast({ title: t('exports.list.ready_toast', { name }) })
  )
  useEffect(() => {
    for (const item of exports) {
      const before = seen.current.get(item.id)
      if (before && FOLLOWED.has(before) && item.state === 'done') announceReady(item.deckName)
      seen.current.set(item.id, item.state)
    }
  }, [exports])

  const running = exports.some((item) => FOLLOWED.has(item.state))
  /* start and stop keep their identity (useCallback in usePoll): the effect follows `running` only */
  const { start, stop } = usePoll(
    POLLING_INTERVAL,
    { only: ['exports'] },
    { autoStart: false, mode: 'rest' }
  )
  useEffect(() => {
    if (running) start()
    else stop()
    return stop
  }, [running, start, stop])
}

function ExportRow({ item }: { item: Export }) {
  const t = useT()
  const { locale } = useShared()
  return (
    <li className="card export-row" data-export-id={item.id} data-state={item.state}>
      <div className="export-main">
        <strong className="export-name">{item.deckName}</strong>
        <small className="muted">
          {t(FORMAT_LABELS[item.format])}
          {item.includeProgress && <> · {t('exports.list.with_progress')}</>}
          {item.size !== null && item.state === 'done' && <> · {fileSize(item.size, locale)}</>}
        </small>
        <small className="muted">
          {t('exports.list.requested')} <ClientDate iso={item.createdAt} withTime />
          {item.state === 'done' && item.expiresAt && (
            <>
              {' · '}
              {t('exports.list.ready_until')} <ClientDate iso={item.expiresAt} />
            </>
          )}
          {item.state === 'expired' && item.expiresAt && (
            <>
              {' · '}
              {t('exports.list.expired_on')} <ClientDate iso={item.expiresAt} />
            </>
          )}
        </small>
        {item.state === 'done' && item.mailed && (
          <small className="muted">{t('exports.list.sent_to', { email: item.email })}</small>
        )}
        {item.state === 'awaiting_confirmation' && (
          <small className="export-awaiting">
            {t('exports.list.awaiting_hint', { email: item.email })}
            {item.confirmUntil && (
              <>
                {' '}
                {t('exports.list.confirm_until')} <ClientDate iso={item.confirmUntil} withTime />
              </>
            )}
          </small>
        )}
        {item.failure && <small className="danger-text">{t(FAILURES[item.failure])}</small>}
      </div>
      <div className="export-actions">
        <span
          className={`badge badge-export-${item.state} ${RUNNING.has(item.state) ? 'badge-processing' : ''}`}
        >
          {RUNNING.has(item.state) && <span className="spinner" aria-hidden="true" />}
          {t(STATE_LABELS[item.state])}
        </span>
        {item.downloadUrl && (
          /* a plain link: the file is an attachment, the page stays */
          <a
            className="button primary small"
            href={item.downloadUrl}
            download
            aria-label={t('exports.list.download_label', { name: item.deckName })}
          >
            {t('exports.list.download')}
          </a>
        )}
      </div>
    </li>
  )
}

/** The learner's exports: each one's state, and the file of those that are ready (the e-mail carries the same). */
export default function Exports({ exports }: { exports: Export[] }) {
  const t = useT()
  useExportsPolling(exports)
  return (
    <div className="stack">
      <Head title={t('exports.list.title')} />
      <nav className="breadcrumbs" aria-label={t('decks.deck.breadcrumbs')}>
        <Link route="home">{t('decks.list.all_decks')}</Link>
      </nav>
      <h1>{t('exports.list.title')}</h1>
      <p className="muted">{t('exports.list.body')}</p>
      {exports.length === 0 ? (
        <div className="card empty-state">
          <p className="muted">{t('exports.list.empty')}</p>
        </div>
      ) : (
        <ul className="exports-list">
          {exports.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  )
}
