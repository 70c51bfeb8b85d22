/*
 * When a learner's study reminder is due. The learner picks a clock time
 * ("HH:MM", their time zone); the reminder belongs to the study day that
 * time falls in (study days start at 4 am, app/scheduling/study_day.ts: 01:30
 * is the night of the day before). It is due from that instant for
 * REMINDER_WINDOW_MINUTES, so a scan every few minutes finds it once and a
 * worker that was down for hours does not send it in the middle of the night.
 * Pure: no framework imports.
 */
import { ROLLOVER_HOUR, studyDay, studyDayBounds } from '#scheduling/study_day'

export const REMINDER_TIME = /^([01]\d|2[0-3]):[0-5]\d$/
const REMINDER_WINDOW_MINUTES = 60

const MINUTE = 60_000

/** The instant the reminder of study day `day` is due. */
export function reminderInstant(day: string, time: string, timezoneOffsetMinutes: number): Date {
  const [hours, minutes] = time.split(':').map(Number)
  const { start } = studyDayBounds(day, timezoneOffsetMinutes)
  /* minutes after the day's start (4 am): 01:30 is 21.5 hours in */
  const fromStart = ((((hours - ROLLOVER_HOUR) * 60 + minutes) % 1440) + 1440) % 1440
  return new Date(start.getTime() + fromStart * MINUTE)
}

/** The study day whose reminder is due at `now`, or null when none is. */
export function dueReminderDay(
  now: Date,
  time: string,
  timezoneOffsetMinutes: number
): string | null {
  if (!REMINDER_TIME.test(time)) return null
  const day = studyDay(now, timezoneOffsetMinutes)
  const at = reminderInstant(day, time, timezoneOffsetMinutes).getTime()
  const t = now.getTime()
  return t >= at && t < at + REMINDER_WINDOW_MINUTES * MINUTE ? day : null
}

/** The next instant a reminder may be sent, from `now` (for the apps to schedule a local notification too). */
export function nextReminderAt(
  now: Date,
  time: string,
  timezoneOffsetMinutes: number
): Date | null {
  if (!REMINDER_TIME.test(time)) return null
  const day = studyDay(now, timezoneOffsetMinutes)
  const today = reminderInstant(day, time, timezoneOffsetMinutes)
  if (today.getTime() >= now.getTime()) return today
  return new Date(today.getTime() + 1440 * MINUTE)
}
