/*
 * The learner's study day. It follows their own time zone (the offset the
 * apps send with PUT users/{id}) and starts at 4 in the morning, as Anki's
 * does: a late-night session still counts for the evening it began in, and
 * the daily limits, the streak and the heatmap all agree on what "today" is.
 */
export const ROLLOVER_HOUR = 4

const MINUTE = 60_000
const DAY = 86_400_000

/** The study day `instant` falls in, as YYYY-MM-DD. */
export function studyDay(instant: Date, timezoneOffsetMinutes: number): string {
  const shifted = instant.getTime() + (timezoneOffsetMinutes - ROLLOVER_HOUR * 60) * MINUTE
  return new Date(shifted).toISOString().slice(0, 10)
}

/** The instants a study day starts and ends (exclusive). */
export function studyDayBounds(
  day: string,
  timezoneOffsetMinutes: number
): { start: Date; end: Date } {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`)
  if (Number.isNaN(midnightUtc)) throw new RangeError(`not a day: ${day}`)
  const start = midnightUtc + (ROLLOVER_HOUR * 60 - timezoneOffsetMinutes) * MINUTE
  return { start: new Date(start), end: new Date(start + DAY) }
}

/** The day `days` after (or before, if negative) `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY)
}
