import { useEffect, useState } from 'react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import type { Deck, PollingEntry } from '~/components/decks/types'
import '~/css/decks.css'

/** New / learning / to review, then the total: the three study counts get colors. */
export function DeckCounts({ deck, compact }: { deck: Deck; compact?: boolean }) {
  const t = useT()
  const counts = [
    { key: 'new', value: deck.newCardsCount, label: t('decks.counts.new') },
    { key: 'learning', value: deck.learningCardsCount, label: t('decks.counts.learning') },
    { key: 'review', value: deck.totalToReviewCount, label: t('decks.counts.review') },
  ]
  return (
    <span className={`deck-counts${compact ? ' compact' : ''}`}>
      {counts.map((count) => (
        <span key={count.key} className={`count count-${count.key}`} title={count.label}>
          <span className="count-value">{count.value}</span>
          <span className={compact ? 'visually-hidden' : 'count-label'}>{count.label}</span>
        </span>
      ))}
      <span className="count count-total" title={t('decks.counts.total')}>
        {t('decks.counts.cards', { count: deck.totalCardsCount })}
      </span>
    </span>
  )
}

/** A job's progress, or the failure notice (spec 8: deck processing failed, contact support). */
export function ProcessingBadge({ entry, state }: { entry?: PollingEntry; state: string }) {
  const t = useT()
  if (entry?.state === 'processing_failed' || (!entry && state === 'processing_failed')) {
    return (
      <span className="badge badge-failed" role="status" title={t('decks.jobs.failed_body')}>
        {t('decks.jobs.failed_badge')}
      </span>
    )
  }
  if (!entry) return null
  const { total, processed } = entry.counters
  const percent = total ? Math.min(100, Math.round((processed / total) * 100)) : 0
  return (
    <span className="badge badge-processing" role="status">
      <span className="spinner" aria-hidden="true" />
      {t('decks.jobs.processing', { percent })}
      <progress max={100} value={percent} aria-label={t('decks.jobs.progress')} />
    </span>
  )
}

/** Dates in the reader's time zone, once hydrated: the server does not know it. */
export function ClientDate({ iso, withTime }: { iso: string | null; withTime?: boolean }) {
  const { locale } = useShared()
  const [text, setText] = useState<string | null>(null)
  useEffect(() => {
    if (!iso) return
    const options: Intl.DateTimeFormatOptions = withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }
    setText(new Intl.DateTimeFormat(locale, options).format(new Date(iso)))
  }, [iso, locale, withTime])
  if (!iso) return null
  return <time dateTime={iso}>{text ?? ''}</time>
}
