import { useEffect, useState, type ReactNode } from 'react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { requestJson } from '~/lib/http'
import { ClientDate } from '~/components/decks/deck_counts'
import { LearnModal } from '~/components/learning/modal'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

type CardStats = Data.CardStats

/** GET /learn/cards/:id/stats, when the sheet opens. */
function useCardStats(cardId: number) {
  const [stats, setStats] = useState<CardStats | null>(null)
  const [failed, setFailed] = useState(false)
  /* another card starts empty (in render: the last card's numbers never show under it) */
  const [shownId, setShownId] = useState(cardId)
  if (shownId !== cardId) {
    setShownId(cardId)
    setStats(null)
    setFailed(false)
  }
  useEffect(() => {
    const controller = new AbortController()
    requestJson<CardStats>(urlFor('learn.cards.stats', { id: cardId }), {
      signal: controller.signal,
    })
      .then(setStats)
      .catch((error) => (error as Error).name !== 'AbortError' && setFailed(true))
    return () => controller.abort()
  }, [cardId])
  return { stats, failed }
}

/** Numbers, durations and intervals as the learner reads them; a missing value is a dash. */
function useSheetFormats() {
  const t = useT()
  const { locale } = useShared()
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)
  return {
    number,
    seconds: (ms: number | null) =>
      ms === null ? '—' : t('learn.sheet.seconds', { value: number(ms / 1000, 1) }),
    days: (value: number | null) =>
      value === null ? '—' : t('learn.sheet.days', { count: value }),
  }
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/**
 * Where the card stands: its state, dates, interval, the scheduler's numbers (those it has), reviews and time
 * spent.
 */
function CardFacts({ stats }: { stats: CardStats }) {
  const t = useT()
  const { number, seconds, days } = useSheetFormats()
  return (
    <dl className="learn-sheet">
      <Fact label={t('learn.sheet.status')}>{t(`learn.status.${stats.status}`)}</Fact>
      <Fact label={t('learn.sheet.created')}>
        <ClientDate iso={stats.createdAt} />
      </Fact>
      <Fact label={t('learn.sheet.next_review')}>
        {stats.nextReviewAt ? <ClientDate iso={stats.nextReviewAt} withTime /> : '—'}
      </Fact>
      <Fact label={t('learn.sheet.interval')}>{days(stats.intervalDays)}</Fact>
      {stats.ease !== null && (
        <Fact label={t('learn.sheet.ease')}>{number(stats.ease * 100)}%</Fact>
      )}
      {stats.stability !== null && (
        <Fact label={t('learn.sheet.stability')}>{days(Math.round(stats.stability))}</Fact>
      )}
      {stats.difficulty !== null && (
        <Fact label={t('learn.sheet.difficulty')}>{number(stats.difficulty, 1)}</Fact>
      )}
      <Fact label={t('learn.sheet.reviews')}>{number(stats.reviewsCount)}</Fact>
      <Fact label={t('learn.sheet.lapses')}>{number(stats.lapses)}</Fact>
      <Fact label={t('learn.sheet.average_time')}>{seconds(stats.averageReviewTimeMs)}</Fact>
      <Fact label={t('learn.sheet.total_time')}>{seconds(stats.totalReviewTimeMs)}</Fact>
    </dl>
  )
}

/** Every answer to the card: when, which, the interval it gave and the time it took. */
function ReviewHistory({ history }: { history: CardStats['history'] }) {
  const t = useT()
  const { seconds, days } = useSheetFormats()
  if (history.length === 0) return <p className="muted">{t('learn.sheet.no_history')}</p>
  return (
    <table className="learn-history">
      <thead>
        <tr>
          <th scope="col">{t('learn.sheet.date')}</th>
          <th scope="col">{t('learn.sheet.answer')}</th>
          <th scope="col">{t('learn.sheet.interval')}</th>
          <th scope="col">{t('learn.sheet.time')}</th>
        </tr>
      </thead>
      <tbody>
        {history.map((entry, index) => (
          <tr key={index}>
            <td>
              <ClientDate iso={entry.reviewedAt} withTime />
            </td>
            <td className={`learn-history-${entry.answer}`}>
              {t(`learn.answers.${entry.answer}`)}
            </td>
            <td>{days(entry.intervalDays)}</td>
            <td>{seconds(entry.durationMs)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The card's statistics and its review history, loaded when opened (again for another card); `children` goes
 * above them (a note's card switcher).
 */
export function CardSheet({
  cardId,
  onClose,
  children,
}: {
  cardId: number
  onClose: () => void
  children?: ReactNode
}) {
  const t = useT()
  const { stats, failed } = useCardStats(cardId)
  return (
    <LearnModal
      title={t('learn.sheet.title')}
      onClose={onClose}
      wide
      actions={
        <button type="button" className="button primary" onClick={onClose}>
          {t('learn.close')}
        </button>
      }
    >
      {children}
      {failed && <p className="form-error">{t('learn.errors.failed')}</p>}
      {!stats && !failed && <p className="muted">{t('learn.loading')}</p>}
      {stats && (
        <>
          <CardFacts stats={stats} />
          <h3>{t('learn.sheet.history')}</h3>
          <ReviewHistory history={stats.history} />
        </>
      )}
    </LearnModal>
  )
}
