import { Flame, Snowflake, type LucideIcon } from 'lucide-react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { addDays, firstDayOfWeek, formatDay, weekday, weekdayNames } from '~/components/study/dates'
import type { Data } from '~generated/data'
import '~/css/study.css'

type CalendarDay = Data.StreakPage['days'][number]
type DayKind = CalendarDay['kind']
/* the legend's order; a Record, so a kind the server adds must be listed here */
const LEGEND: Record<DayKind, true> = {
  single: true,
  start: true,
  middle: true,
  end: true,
  freeze: true,
  streak: true,
}
const DAY_KINDS = Object.keys(LEGEND) as DayKind[]

const KIND_ICON: Partial<Record<DayKind, LucideIcon>> = { freeze: Snowflake, streak: Flame }

function legendIcon(kind: DayKind) {
  const Icon = KIND_ICON[kind]
  return Icon ? <Icon size="1em" /> : null
}

/**
 * One month of the streak: each active day drawn as part of its streak
 * (single, start, middle, end), frozen days, and the running streak's latest
 * day. Weeks start on the locale's first day of the week.
 */
export function StreakCalendar({
  month,
  days,
  today,
}: {
  month: string
  days: CalendarDay[]
  today: string
}) {
  const t = useT()
  const { locale } = useShared()
  const kinds = new Map(days.map((day) => [day.date, day.kind]))
  const start = `${month}-01`
  const lead = (weekday(start) - firstDayOfWeek(locale) + 7) % 7
  const length = Number(addDays(addDays(start, 31).slice(0, 7) + '-01', -1).slice(8))
  const cells: (string | null)[] = [
    ...Array(lead).fill(null),
    ...Array.from({ length }, (_, i) => addDays(start, i)),
  ]
  while (cells.length % 7) cells.push(null)
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7))
  const title = formatDay(locale, start, { month: 'long', year: 'numeric' })

  return (
    <table className="streak-calendar">
      <caption>{title}</caption>
      <thead>
        <tr>
          {weekdayNames(locale).map((name) => (
            <th key={name} scope="col" abbr={name}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, row) => (
          <tr key={row}>
            {week.map((date, column) => {
              if (!date) return <td key={`empty-${column}`} />
              const kind = kinds.get(date)
              const label = kind
                ? t('stats.streak.day_label', {
                    date: formatDay(locale, date, { dateStyle: 'long' }),
                    kind: t(`stats.streak.kinds.${kind}`),
                  })
                : formatDay(locale, date, { dateStyle: 'long' })
              return (
                <td key={date} className={kind ? `day-${kind}` : undefined}>
                  <span
                    className={`streak-day${date === today ? ' is-today' : ''}${date > today ? ' is-future' : ''}`}
                    aria-label={label}
                    aria-current={date === today ? 'date' : undefined}
                    title={label}
                  >
                    {Number(date.slice(8))}
                  </span>
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** What each way of drawing a day means. */
export function StreakLegend() {
  const t = useT()
  return (
    <ul className="streak-legend" aria-label={t('stats.streak.legend')}>
      {DAY_KINDS.map((kind) => (
        <li key={kind} className={`day-${kind}`}>
          <span className="streak-day legend-sample" aria-hidden="true">
            {legendIcon(kind)}
          </span>
          <span>{t(`stats.streak.kinds.${kind}`)}</span>
        </li>
      ))}
    </ul>
  )
}
