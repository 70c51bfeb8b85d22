import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import type { Statistics } from '~/components/study/types'
import { addDays, firstDayOfWeek, formatDay, parseDay, weekday, weekdayNames } from '~/components/study/dates'
import '~/css/study_stats.css'

const CELL = 11
const GAP = 2
const STEP = CELL + GAP
const LEFT = 30
const TOP = 16
const LEVELS = [0, 1, 2, 3, 4]

/** 0 for no review, then four steps up to the busiest day. */
export function heatLevel(count: number, max: number) {
  if (!count || !max) return 0
  return Math.min(4, Math.max(1, Math.ceil((count / max) * 4)))
}

/**
 * A year of reviews as weeks of days, GitHub- and Anki-style: one column per
 * week, one square per day, darker for more reviews. Each square names its
 * day and count (screen readers, and the tooltip on hover).
 */
export function Heatmap({ heatmap }: { heatmap: Statistics['heatmap'] }) {
  const t = useT()
  const { locale } = useShared()
  const counts = new Map(heatmap.days.map((day) => [day.date, day.count]))
  const first = firstDayOfWeek(locale)
  /* the grid starts on the week's first day on or before the first day shown */
  const lead = (weekday(heatmap.start) - first + 7) % 7
  const gridStart = addDays(heatmap.start, -lead)
  const total = lead + Math.round((parseDay(heatmap.end).getTime() - parseDay(heatmap.start).getTime()) / 86_400_000) + 1
  const weeks = Math.ceil(total / 7)
  const names = weekdayNames(locale)
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })

  /* a month's name over the first week whose first day falls in it */
  const months: { x: number; text: string; key: string }[] = []
  for (let column = 0; column < weeks; column++) {
    const date = addDays(gridStart, Math.max(column * 7, lead))
    if (date.slice(0, 7) !== months.at(-1)?.key) {
      months.push({ x: LEFT + column * STEP, text: monthFormat.format(parseDay(date)), key: date.slice(0, 7) })
    }
  }

  const cells = []
  for (let index = lead; index < total; index++) {
    const date = addDays(gridStart, index)
    const column = Math.floor(index / 7)
    const row = index % 7
    const count = counts.get(date) ?? 0
    const label = t('stats.heatmap.cell', { date: formatDay(locale, date), count })
    cells.push(
      <rect
        key={date}
        x={LEFT + column * STEP}
        y={TOP + row * STEP}
        width={CELL}
        height={CELL}
        rx={2}
        className={`heat-cell heat-${heatLevel(count, heatmap.maxCount)}`}
        role="img"
        aria-label={label}
      >
        <title>{label}</title>
      </rect>
    )
  }

  return (
    <figure className="heatmap">
      <div className="heatmap-scroll">
        <svg
          width={LEFT + weeks * STEP}
          height={TOP + 7 * STEP}
          viewBox={`0 0 ${LEFT + weeks * STEP} ${TOP + 7 * STEP}`}
          role="group"
          aria-label={t('stats.heatmap.title')}
        >
          {months.map((month, i) =>
            /* two labels too close (a short first month) would overlap: the later one wins */
            months[i + 1] && months[i + 1].x - month.x < STEP * 3 ? null : (
              <text key={month.key} x={month.x} y={TOP - 5} className="heat-label">
                {month.text}
              </text>
            )
          )}
          {[1, 3, 5].map((row) => (
            <text key={row} x={0} y={TOP + row * STEP + CELL - 2} className="heat-label">
              {names[row]}
            </text>
          ))}
          {cells}
        </svg>
      </div>
      <figcaption className="heatmap-caption">
        <span className="muted">
          {t('stats.heatmap.summary', { reviews: heatmap.totalReviews, days: heatmap.studiedDays })}
        </span>
        <span className="heat-legend" aria-hidden="true">
          {t('stats.heatmap.less')}
          {LEVELS.map((level) => (
            <span key={level} className={`heat-swatch heat-${level}`} />
          ))}
          {t('stats.heatmap.more')}
        </span>
      </figcaption>
    </figure>
  )
}
