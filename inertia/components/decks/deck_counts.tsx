import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { useHydrated } from '~/lib/use_hydrated'
import '~/css/decks.css'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forPage']
type PollingEntry = Data.DeckJob

/** What the counters read of a deck (the deck page's Deck, or a deck of the lists). */
type Counted = Pick<Deck, 'algorithmType' | 'topCounters' | 'totalCardsCount'>

/** The cards a study session of the deck starts with: the numbers and the words of the study screen's counters. */
function todayCounts(deck: Counted, t: ReturnType<typeof useT>) {
  const speed = deck.algorithmType === 'speedLearning'
  return [
    { key: 'new', value: deck.topCounters.new, label: t('learn.counters.new') },
    {
      key: 'learning',
      value: deck.topCounters.learning,
      label: speed ? t('learn.counters.not_quite') : t('learn.counters.learning'),
    },
    {
      key: 'review',
      value: deck.topCounters.graduated,
      label: speed ? t('learn.counters.got_it') : t('learn.counters.review'),
    },
  ]
}

/** Something to study now (speed learning: cards not got yet). */
export function hasCardsToday(deck: Counted) {
  const { new: fresh, learning, graduated } = deck.topCounters
  return fresh + learning + (deck.algorithmType === 'speedLearning' ? 0 : graduated) > 0
}

/**
 * What a study session of the deck shows today, each number with its word
 * (no hovering needed, phones included), then the total. The deck page
 * (not compact) says what the numbers are.
 */
export function DeckCounts({ deck, compact }: { deck: Counted; compact?: boolean }) {
  const t = useT()
  const counts = todayCounts(deck, t)
  return (
    <span
      className={`deck-counts${compact ? ' compact' : ''}`}
      role="group"
      aria-label={t('learn.counters.label')}
    >
      {!compact && (
        <span className="count-caption" aria-hidden="true">
          {t('learn.counters.label')}
        </span>
      )}
      {counts.map((count) => (
        <span key={count.key} className={`count count-${count.key}`} data-count={count.key}>
          <span className="count-value">{count.value}</span>
          <span className="count-label">{count.label}</span>
        </span>
      ))}
      <span className="count count-total">
        {t('decks.counts.cards', { count: deck.totalCardsCount })}
      </span>
    </span>
  )
}

/** A job's progress, or the failure notice (spec 8: deck processing failed, contact support). */
export function ProcessingBadge({ entry, state }: { entry?: PollingEntry; state: string }) {
  const t = useT()
  if (entry?.state === 'processing_failed' || (!entry && state === 'processing_failed')) {
    /* a job refused by the card limit changed nothing, and says so instead of "contact support" */
    const full = entry?.failureCode === 'E_CARDS_LIMIT_REACHED'
    return (
      <span
        className="badge badge-failed"
        role="status"
        title={t(full ? 'decks.jobs.failed_cards_limit_body' : 'decks.jobs.failed_body')}
      >
        {t(full ? 'decks.jobs.failed_cards_limit_badge' : 'decks.jobs.failed_badge')}
      </span>
    )
  }
  if (!entry) return null
  const { total, processed } = entry.counters
  if (entry.state === 'ai_notes_generation') {
    /* an AI stream's total is only its most: the badge counts what is made */
    return (
      <span className="badge badge-processing" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('ai.deck_badge', { count: processed })}
      </span>
    )
  }
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
  const hydrated = useHydrated()
  if (!iso) return null
  const options: Intl.DateTimeFormatOptions = withTime
    ? { dateStyle: 'medium', timeStyle: 'short' }
    : { dateStyle: 'medium' }
  const text = hydrated ? new Intl.DateTimeFormat(locale, options).format(new Date(iso)) : null
  return <time dateTime={iso}>{text ?? ''}</time>
}
