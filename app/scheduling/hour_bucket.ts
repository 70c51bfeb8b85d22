/*
 * The spec's hour-of-day buckets (§9): night 0-6, morning 6-12, afternoon
 * 12-18, evening otherwise, read on the learner's own clock (the offset the
 * apps send with PUT users/{id}). Pure: no framework imports.
 */
export const HOUR_BUCKETS = ['night', 'morning', 'afternoon', 'evening'] as const
export type HourBucket = (typeof HOUR_BUCKETS)[number]

/** The learner's local hour (0-23) at `instant`. */
export function localHour(instant: Date, timezoneOffsetMinutes: number): number {
  return new Date(instant.getTime() + timezoneOffsetMinutes * 60_000).getUTCHours()
}

export function bucketOfHour(hour: number): HourBucket {
  if (hour < 6) return 'night'
  if (hour < 12) return 'morning'
  if (hour < 18) return 'afternoon'
  return 'evening'
}

export function hourBucket(instant: Date, timezoneOffsetMinutes: number): HourBucket {
  return bucketOfHour(localHour(instant, timezoneOffsetMinutes))
}
