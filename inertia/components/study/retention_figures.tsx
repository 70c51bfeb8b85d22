import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import type { Data } from '~generated/data'
import { formatPercent } from '~/components/study/dates'
import '~/css/study.css'

type Statistics = Data.Statistics
type RetentionFigure = Statistics['trueRetention']['last30Days']

function Figure({ label, figure }: { label: string; figure: RetentionFigure }) {
  const t = useT()
  const { locale } = useShared()
  return (
    <div className="stat-tile">
      <span className="stat-label">{label}</span>
      <strong className="stat-value">
        {figure.rate === null ? '—' : formatPercent(locale, figure.rate)}
      </strong>
      <span className="muted stats-small">
        {figure.total
          ? t('stats.retention.passed', { passed: figure.passed, total: figure.total })
          : t('stats.retention.no_reviews')}
      </span>
    </div>
  )
}

/**
 * True retention of mature cards over 30 days and a year, and for FSRS decks
 * what the memory model predicts: the two side by side show whether the
 * scheduler's forecasts hold.
 */
export function RetentionFigures({
  statistics,
}: {
  statistics: Pick<Statistics, 'trueRetention' | 'predictedRetention'>
}) {
  const t = useT()
  const { locale } = useShared()
  const { trueRetention, predictedRetention } = statistics
  return (
    <div className="stack">
      <div>
        <h3 className="stats-subtitle">{t('stats.retention.true_title')}</h3>
        <p className="muted stats-small">
          {t('stats.retention.true_help', { days: trueRetention.matureIntervalDays })}
        </p>
      </div>
      <div className="stat-tiles">
        <Figure label={t('stats.retention.last_month')} figure={trueRetention.last30Days} />
        <Figure label={t('stats.retention.last_year')} figure={trueRetention.lastYear} />
      </div>
      <div>
        <h3 className="stats-subtitle">{t('stats.retention.predicted_title')}</h3>
        {predictedRetention.rate === null ? (
          <p className="muted stats-small">{t('stats.retention.no_fsrs')}</p>
        ) : (
          <div className="stat-tiles">
            <div className="stat-tile">
              <span className="stat-label">{t('stats.retention.predicted_now')}</span>
              <strong className="stat-value">
                {formatPercent(locale, predictedRetention.rate)}
              </strong>
              <span className="muted stats-small">
                {t('stats.retention.predicted_help', { cards: predictedRetention.cards })}
              </span>
            </div>
          </div>
        )}
      </div>
    </div>
  )
}
