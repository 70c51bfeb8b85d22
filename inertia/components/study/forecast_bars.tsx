import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import type { Data } from '~generated/data'
import { formatDay } from '~/components/study/dates'
import '~/css/study.css'

type Statistics = Data.Statistics

/** Cards due on each of the next 30 study days, as bars; today's bar holds what is overdue. */
export function ForecastBars({ forecast }: { forecast: Statistics['forecast'] }) {
  const t = useT()
  const { locale } = useShared()
  const max = Math.max(1, ...forecast.days.map((day) => day.count))
  return (
    <figure className="forecast">
      <ol className="forecast-bars">
        {forecast.days.map((day, index) => {
          const label = t('stats.forecast.bar', {
            date:
              index === 0
                ? t('stats.forecast.today')
                : formatDay(locale, day.date, { weekday: 'short', day: 'numeric', month: 'short' }),
            count: day.count,
          })
          /* an easy day (balance.ts) shows its share of a normal day */
          const share = forecast.easyDays?.[new Date(`${day.date}T00:00:00Z`).getUTCDay()] ?? 1
          const easy =
            share < 1 ? ` ${t('stats.forecast.easy_day', { share: Math.round(share * 100) })}` : ''
          const title = `${label}${easy}`
          return (
            <li
              key={day.date}
              className={`forecast-day${index === 0 ? ' today' : ''}${share < 1 ? ' easy' : ''}`}
              title={title}
            >
              <span className="forecast-bar" style={{ height: `${(day.count / max) * 100}%` }} />
              <span className="stats-visually-hidden">{title}</span>
            </li>
          )
        })}
      </ol>
      <div className="forecast-axis muted" aria-hidden="true">
        <span>{t('stats.forecast.today')}</span>
        <span>
          {formatDay(locale, forecast.days.at(-1)?.date ?? forecast.days[0]?.date ?? '1970-01-01', {
            day: 'numeric',
            month: 'short',
          })}
        </span>
      </div>
      <figcaption className="muted">
        {t('stats.forecast.summary', { total: forecast.total, overdue: forecast.overdue })}{' '}
        <span data-testid="forecast-balance">
          {t('stats.forecast.balance', { spread: forecast.spread, heaviest: forecast.heaviest })}
        </span>
      </figcaption>
    </figure>
  )
}
