import { useEffect, useState } from 'react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { requestJson } from '~/lib/http'
import { ClientDate } from '~/components/decks/deck_counts'
import { LearnModal } from '~/components/learn/modal'
import type { CardStats } from '~/components/learn/types'
import { urlFor } from '~/lib/routes'

/** The card's statistics and its review history, loaded when opened. */
export function CardSheet({ cardId, onClose }: { cardId: number; onClose: () => void }) {
  const t = useT()
  const { locale } = useShared()
  const [stats, setStats] = useState<CardStats | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    requestJson<CardStats>(urlFor('learn.cards.stats', { id: cardId }), { signal: controller.signal })
      .then(setStats)
      .catch((error) => (error as Error).name !== 'AbortError' && setFailed(true))
    return () => controller.abort()
  }, [cardId])

  const number = (value: number, digits = 0) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)
  const seconds = (ms: number | null) => (ms === null ? '—' : t('learn.sheet.seconds', { value: number(ms / 1000, 1) }))
  const days = (value: number | null) => (value === null ? '—' : t('learn.sheet.days', { count: value }))

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
      {failed && <p className="form-error">{t('learn.errors.failed')}</p>}
      {!stats && !failed && <p className="muted">{t('learn.loading')}</p>}
      {stats && (
        <>
          <dl className="learn-sheet">
            <div>
              <dt>{t('learn.sheet.status')}</dt>
              <dd>{t(`learn.status.${stats.status}`)}</dd>
            </div>
            <div>
              <dt>{t('learn.sheet.created')}</dt>
              <dd><ClientDate iso={stats.createdAt} /></dd>
            </div>
            <div>
              <dt>{t('learn.sheet.next_review')}</dt>
              <dd>{stats.nextReviewAt ? <ClientDate iso={stats.nextReviewAt} withTime /> : '—'}</dd>
            </div>
            <div>
              <dt>{t('learn.sheet.interval')}</dt>
              <dd>{days(stats.intervalDays)}</dd>
            </div>
            {stats.ease !== null && (
              <div>
                <dt>{t('learn.sheet.ease')}</dt>
                <dd>{number(stats.ease * 100)}%</dd>
              </div>
            )}
            {stats.stability !== null && (
              <div>
                <dt>{t('learn.sheet.stability')}</dt>
                <dd>{days(Math.round(stats.stability))}</dd>
              </div>
            )}
            {stats.difficulty !== null && (
              <div>
                <dt>{t('learn.sheet.difficulty')}</dt>
                <dd>{number(stats.difficulty, 1)}</dd>
              </div>
            )}
            <div>
              <dt>{t('learn.sheet.reviews')}</dt>
              <dd>{number(stats.reviewsCount)}</dd>
            </div>
            <div>
              <dt>{t('learn.sheet.lapses')}</dt>
              <dd>{number(stats.lapses)}</dd>
            </div>
            <div>
              <dt>{t('learn.sheet.average_time')}</dt>
              <dd>{seconds(stats.averageReviewTimeMs)}</dd>
            </div>
            <div>
              <dt>{t('learn.sheet.total_time')}</dt>
              <dd>{seconds(stats.totalReviewTimeMs)}</dd>
            </div>
          </dl>
          <h3>{t('learn.sheet.history')}</h3>
          {stats.history.length === 0 ? (
            <p className="muted">{t('learn.sheet.no_history')}</p>
          ) : (
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
                {stats.history.map((entry, index) => (
                  <tr key={index}>
                    <td><ClientDate iso={entry.reviewedAt} withTime /></td>
                    <td className={`learn-history-${entry.answer}`}>{t(`learn.answers.${entry.answer}`)}</td>
                    <td>{days(entry.intervalDays)}</td>
                    <td>{seconds(entry.durationMs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </LearnModal>
  )
}
