import vine from '@vinejs/vine'
import { addDays, daysBetween } from '#scheduling/study_day'
import { id } from '#validators/content'

/*
 * Query strings of the streak and statistics calls, shared by the API and
 * the pages. Failures use rule names the validator messages already have,
 * where one fits.
 */

/* a range of at most one year: 2025-01-01 … 2026-01-01 still fits, leap years included */
const MAX_RANGE_DAYS = 366

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar day as YYYY-MM-DD (2025-02-30 is refused). */
const calendarDay = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const valid =
    ISO_DAY.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    addDays(value, 0) === value
  if (!valid) field.report('Enter a date as YYYY-MM-DD', 'date', field)
})

/** end_date on or after start_date, and at most a year later. */
const withinAYear = vine.createRule((value, _options, field) => {
  const start = (field.parent as Record<string, unknown>)?.start_date
  if (typeof value !== 'string' || typeof start !== 'string' || !field.isValid) return
  const span = daysBetween(start, value)
  if (span < 0 || span > MAX_RANGE_DAYS) {
    field.report('This must be between {min} and {max}', 'range', field, {
      min: start,
      max: addDays(start, MAX_RANGE_DAYS),
    })
  }
})

const day = () => vine.string().trim().use(calendarDay())

/* GET streaks?start_date&end_date */
export const streakRangeValidator = vine.create({
  start_date: day(),
  end_date: day().use(withinAYear()),
})

/* GET statistics?deck_id */
export const statisticsValidator = vine.create({
  deck_id: id().optional(),
})

/* GET users/wrapped?year */
export const wrappedValidator = vine.create({
  year: vine.number().withoutDecimals().range([2000, 2100]).optional(),
})

/* GET /streak?month=YYYY-MM (the page): a month that does not match shows the current one */
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
