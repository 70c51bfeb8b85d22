import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import type { Data } from '~generated/data'
import {
  addDays,
  firstDayOfWeek,
  formatDay,
  parseDay,
  weekday,
  weekdayNames,
} from '~/components/study/dates'
import '~/css/study.css'

type Statistics = Data.Statistics

const CELL = 11
const GAP = 2
const STEP = CELL + GAP
const LEFT = 30
const TOP = 16
const LEVELS = [0, 1, 2, 3, 4]

/** 0 for no review, then four steps up to the busiest day. */
function heatLevel(count: number, max: number) {
  if (!count || !max) return 0
  return Math.min(4, Math.max(1, Math.ceil((count / max) * 4)))
}

type HeatmapData = Statistics['heatmap']

/** The grid: the week's first day on or before the first day shown, how many days and weeks it spans. */
function gridOf(heatmap: HeatmapData, locale: string) {
  const lead = (weekday(heatmap.start) - firstDayOfWeek(locale) + 7) % 7
  const total =
    lead +
    Math.round((parseDay(heatmap.end).getTime() - parseDay(heatmap.start).getTime()) / 86_400_000) +
    1
  return { lead, start: addDays(heatmap.start, -lead), total, weeks: Math.ceil(total / 7) }
}

type Grid = ReturnType<typeof gridOf>

/** A month's name over the first week whose first day falls in it. */
function monthLabels(grid: Grid, locale: string) {
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })
  const months: { x: number; text: string; key: string }[] = []
  for (let column = 0; column < grid.weeks; column++) {
    const date = addDays(grid.start, Math.max(column * 7, grid.lead))
    if (date.slice(0, 7) !== months.at(-1)?.key) {
      months.push({
        x: LEFT + column * STEP,
        text: monthFormat.format(parseDay(date)),
        key: date.slice(0, 7),
      })
    }
  }
  return months
}

/** One square per day shown, darker for more reviews, named with its day and count. */
function DayCells({ heatmap, grid }: { heatmap: HeatmapData; grid: Grid }) {
  const t = useT()
  const { locale } = useShared()
  const counts = new Map(heatmap.days.map((day) => [day.date, day.count]))
  const cells = []
  for (let index = grid.lead; index < grid.total; index++) {
    const date = addDays(grid.start, index)
    const count = counts.get(date) ?? 0
    const label = t('stats.heatmap.cell', { date: formatDay(locale, date), count })
    cells.push(
      <rect
        key={date}
        x={LEFT + Math.floor(index / 7) * STEP}
        y={TOP + (index % 7) * STEP}
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
  return <>{cells}</>
}

/** How many reviews on how many days, and the scale from less to more. */
function HeatmapCaption({ heatmap }: { heatmap: HeatmapData }) {
  const t = useT()
  return (
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
  )
}

/**
 * A year of reviews as weeks of days, GitHub- and Anki-style: one column per
 * week, one square per day, darker for more reviews. Each square names its
 * day and count (screen readers, and the tooltip on hover).
 */
export function Heatmap({ heatmap }: { heatmap: HeatmapData }) {
  const t = useT()
  const { locale } = useShared()
  const grid = gridOf(heatmap, locale)
  const months = monthLabels(grid, locale)
  const names = weekdayNames(locale)
  const width = LEFT + grid.weeks * STEP
  const height = TOP + 7 * STEP
  return (
    <figure className="heatmap">
      {/* a phone scrolls it sideways: focusable, so the arrow keys scroll it too */}
      <div
        className="heatmap-scroll"
        tabIndex={0}
        role="region"
        aria-label={t('stats.heatmap.title')}
      >
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
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
          <DayCells heatmap={heatmap} grid={grid} />
        </svg>
      </div>
      <HeatmapCaption heatmap={heatmap} />
    </figure>
  )
}
