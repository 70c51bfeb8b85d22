/*
 * The shapes the statistics and streak pages receive, typed from the server:
 * the User transformer's streak fields, and the replies of the apps' calls
 * that answer the same queries (lib/routes: ReplyOf).
 */
import type { Data } from '~generated/data'
import type { ReplyOf } from '~/lib/routes'

/** The User entity's streak fields. */
export type StreakFields = Data.User['streak']

/** GET /api/streaks: the days of a range, each with its kind */
export type CalendarDay = ReplyOf<'api.streaks.index'>['activeDays'][number]
export type DayKind = CalendarDay['kind']
/* the legend's order; a Record, so a kind the server adds must be listed here */
const LEGEND: Record<DayKind, true> = { single: true, start: true, middle: true, end: true, freeze: true, streak: true }
export const DAY_KINDS = Object.keys(LEGEND) as DayKind[]

/** GET /api/statistics: heatmap, forecast, true and predicted retention */
export type Statistics = ReplyOf<'api.statistics.show'>
export type RetentionFigure = Statistics['trueRetention']['last30Days']

/** The statistics page's deck picker (built in its controller, which exports no type for it). */
export type DeckChoice = { id: number; name: string; depth: number }
