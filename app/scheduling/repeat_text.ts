/*
 * How far away an answer sends a card, in the short form the buttons show
 * (`<1m`, `15m`, `1d`, `4d`, `1.2mo`, `1.5y` in English). Pure: it gives a
 * unit and a number; the words come from i18n (ui.learn.units.*).
 */
export type RepeatUnit = 'lessThanMinute' | 'minutes' | 'hours' | 'days' | 'months' | 'years'

const MINUTE = 60
const HOUR = 3600
const DAY = 86_400
const MONTH = 30 * DAY
const YEAR = 365 * DAY

/* one decimal, dropped when it is zero: 1.5, 2 */
const short = (value: number) => String(Math.round(value * 10) / 10)

export function repeatInterval(seconds: number): { unit: RepeatUnit; value: string } {
  /* a one-minute step reads "<1m", as in Anki: the card may come back sooner when nothing else is left */
  if (seconds <= MINUTE) return { unit: 'lessThanMinute', value: '1' }
  if (seconds < HOUR) return { unit: 'minutes', value: String(Math.round(seconds / MINUTE)) }
  if (seconds < DAY) return { unit: 'hours', value: short(seconds / HOUR) }
  if (seconds < MONTH) return { unit: 'days', value: String(Math.round(seconds / DAY)) }
  if (seconds < YEAR) return { unit: 'months', value: short(seconds / MONTH) }
  return { unit: 'years', value: short(seconds / YEAR) }
}
