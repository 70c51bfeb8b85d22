import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import type { Data } from '~generated/data'
import { formatPercent } from '~/components/study/dates'
import '~/css/study.css'

type Statistics = Data.Statistics

const BUTTONS = ['again', 'hard', 'good', 'easy'] as const

/** A row's bar: its share of the widest row, drawn behind the figure (the figure is what a screen reader reads). */
function Bar({ value, max, children }: { value: number; max: number; children: React.ReactNode }) {
  return (
    <span className="chart-cell">
      <span
        className="chart-bar"
        style={{ width: `${max ? (value / max) * 100 : 0}%` }}
        aria-hidden="true"
      />
      <span className="chart-value">{children}</span>
    </span>
  )
}

/**
 * How often each button was pressed in the last 30 days, for learning, young and mature cards (Anki's "Answer
 * Buttons").
 */
export function AnswerButtonsChart({
  statistics,
}: {
  statistics: Pick<Statistics, 'answerButtons' | 'chartDays'>
}) {
  const t = useT()
  const { locale } = useShared()
  const max = Math.max(
    0,
    ...statistics.answerButtons.flatMap((row) => BUTTONS.map((button) => row.counts[button]))
  )
  return (
    <table className="stats-chart" data-testid="answer-buttons">
      <caption>{t('stats.charts.buttons_caption', { days: statistics.chartDays })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('stats.charts.card_kind')}</th>
          {BUTTONS.map((button) => (
            <th key={button} scope="col">
              {t(`stats.charts.button_${button}`)}
            </th>
          ))}
          <th scope="col">{t('stats.charts.correct')}</th>
        </tr>
      </thead>
      <tbody>
        {statistics.answerButtons.map((row) => (
          <tr key={row.kind}>
            <th scope="row">{t(`stats.charts.kind_${row.kind}`)}</th>
            {BUTTONS.map((button) => (
              <td key={button}>
                <Bar value={row.counts[button]} max={max}>
                  {row.counts[button]}
                </Bar>
              </td>
            ))}
            <td>{row.correctRate === null ? '—' : formatPercent(locale, row.correctRate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Answers by the hour of the day they were given at, with the share passed: when the learner studies best. */
export function HourlyChart({
  statistics,
}: {
  statistics: Pick<Statistics, 'hours' | 'chartDays'>
}) {
  const t = useT()
  const { locale } = useShared()
  const max = Math.max(1, ...statistics.hours.map((row) => row.count))
  return (
    <figure className="forecast" data-testid="hourly">
      <ol className="forecast-bars">
        {statistics.hours.map((row) => {
          const label = t('stats.charts.hour_bar', {
            hour: `${String(row.hour).padStart(2, '0')}:00`,
            count: row.count,
            passed: row.count ? formatPercent(locale, row.passed / row.count) : '—',
          })
          return (
            <li key={row.hour} className="forecast-day" title={label}>
              <span className="forecast-bar" style={{ height: `${(row.count / max) * 100}%` }} />
              <span className="stats-visually-hidden">{label}</span>
            </li>
          )
        })}
      </ol>
      <div className="forecast-axis muted" aria-hidden="true">
        <span>00:00</span>
        <span>12:00</span>
        <span>23:00</span>
      </div>
      <figcaption className="muted">
        {t('stats.charts.hours_caption', { days: statistics.chartDays })}
      </figcaption>
    </figure>
  )
}

/** The cards in review by their interval (Anki's "Review Intervals"), with the median. */
export function IntervalsChart({ statistics }: { statistics: Pick<Statistics, 'intervals'> }) {
  const t = useT()
  const { buckets, total, medianDays } = statistics.intervals
  const max = Math.max(0, ...buckets.map((bucket) => bucket.count))
  return (
    <table className="stats-chart" data-testid="intervals">
      <caption>
        {total
          ? t('stats.charts.intervals_caption', { total, median: medianDays ?? 0 })
          : t('stats.charts.intervals_none')}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('stats.charts.interval')}</th>
          <th scope="col">{t('stats.charts.cards')}</th>
        </tr>
      </thead>
      <tbody>
        {buckets.map((bucket) => (
          <tr key={bucket.from}>
            <th scope="row">
              {bucket.to === null
                ? t('stats.charts.days_from', { from: bucket.from })
                : bucket.to === bucket.from
                  ? t('stats.charts.days_exactly', { days: bucket.from })
                  : t('stats.charts.days_range', { from: bucket.from, to: bucket.to })}
            </th>
            <td>
              <Bar value={bucket.count} max={max}>
                {bucket.count}
              </Bar>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Retention by how long the learner has had the card: do older cards settle, or fade? */
export function RetentionByAgeChart({
  statistics,
}: {
  statistics: Pick<Statistics, 'retentionByAge'>
}) {
  const t = useT()
  const { locale } = useShared()
  return (
    <table className="stats-chart" data-testid="retention-by-age">
      <caption>{t('stats.charts.age_caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('stats.charts.card_age')}</th>
          <th scope="col">{t('stats.charts.retention')}</th>
          <th scope="col">{t('stats.charts.reviews')}</th>
        </tr>
      </thead>
      <tbody>
        {statistics.retentionByAge.map((row) => (
          <tr key={row.fromDays}>
            <th scope="row">
              {row.toDays === null
                ? t('stats.charts.days_from', { from: row.fromDays })
                : t('stats.charts.days_below', { from: row.fromDays, to: row.toDays })}
            </th>
            <td>
              <Bar value={row.rate ?? 0} max={1}>
                {row.rate === null ? '—' : formatPercent(locale, row.rate)}
              </Bar>
            </td>
            <td>{row.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
