import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { StreakCalendar, StreakLegend } from '~/components/study/streak_calendar'
import {
  ACTIVE_DAY_CARDS,
  FREEZE_EVERY_DAYS,
  MAX_FREEZES,
  StreakSummary,
} from '~/components/study/streak_summary'
import type { Data } from '~generated/data'
import '~/css/study.css'

/**
 * The month shown by the calendar (YYYY-MM), the learner's study day, the
 * streak, the month's active and frozen days, and the months either side
 * (no next one on the current month: the future has no streak yet).
 */
type Props = Data.StreakPage

export default function StreakPage({ calendar }: { calendar: Props }) {
  const { month, today, streak, days, previousMonth, nextMonth } = calendar
  const t = useT()
  return (
    <div className="stack stats-page">
      <Head title={t('stats.streak.title')} />
      <h1>{t('stats.streak.title')}</h1>
      <StreakSummary streak={streak} />

      <section className="card stack" aria-labelledby="streak-calendar">
        <div className="streak-calendar-header">
          <h2 id="streak-calendar">{t('stats.streak.calendar')}</h2>
          <nav className="row" aria-label={t('stats.streak.months')}>
            <Link
              route="streak.show"
              qs={{ month: previousMonth }}
              className="button small"
              preserveScroll
            >
              <span aria-hidden="true">‹ </span>
              {t('stats.streak.previous_month')}
            </Link>
            {nextMonth && (
              <Link
                route="streak.show"
                qs={{ month: nextMonth }}
                className="button small"
                preserveScroll
              >
                {t('stats.streak.next_month')}
                <span aria-hidden="true"> ›</span>
              </Link>
            )}
          </nav>
        </div>
        <StreakCalendar month={month} days={days} today={today} />
        <StreakLegend />
      </section>

      <p className="muted stats-small">
        {t('stats.streak.rules', {
          cards: ACTIVE_DAY_CARDS,
          every: FREEZE_EVERY_DAYS,
          max: MAX_FREEZES,
        })}
      </p>
    </div>
  )
}
