/*
 * Study days are plain YYYY-MM-DD dates (the server already placed them in
 * the learner's day): they are formatted as UTC dates, so the server render
 * and the browser agree whatever the browser's time zone.
 */
const DAY_MS = 86_400_000

export const parseDay = (day: string) => new Date(`${day}T00:00:00Z`)
export const addDays = (day: string, days: number) =>
  new Date(parseDay(day).getTime() + days * DAY_MS).toISOString().slice(0, 10)
/** 0 Sunday … 6 Saturday */
export const weekday = (day: string) => parseDay(day).getUTCDay()

/* English (as in the United States) starts weeks on Sunday; the other languages on Monday. */
export function firstDayOfWeek(locale: string) {
  return locale === 'en' || locale.startsWith('en-US') ? 0 : 1
}

export function formatDay(
  locale: string,
  day: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }
) {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(parseDay(day))
}

/** Short weekday names in display order, from the first day of the week. */
export function weekdayNames(locale: string, style: 'narrow' | 'short' = 'short') {
  const first = firstDayOfWeek(locale)
  const format = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' })
  /* 2023-01-01 was a Sunday */
  return Array.from({ length: 7 }, (_, i) =>
    format.format(parseDay(addDays('2023-01-01', (first + i) % 7)))
  )
}

export function formatPercent(locale: string, rate: number) {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate)
}
