import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { hourBucket, type HourBucket } from '#scheduling/hour_bucket'

export type EventShown = {
  eventHash: string
  shown: boolean
  timesShown: number
  firstShownAt: string | null
  hourBucket: HourBucket | null
}

type Row = {
  event_hash: string
  times_shown: number
  first_shown_at: Date
  hour_bucket: HourBucket
}

const present = (eventHash: string, row: Row | undefined): EventShown =>
  row
    ? {
        eventHash,
        shown: true,
        timesShown: row.times_shown,
        firstShownAt: new Date(row.first_shown_at).toISOString(),
        hourBucket: row.hour_bucket,
      }
    : { eventHash, shown: false, timesShown: 0, firstShownAt: null, hourBucket: null }

/**
 * POST events {event_hash}: the learner was shown this event. One statement
 * (an upsert): the first showing keeps its time and the hour-of-day bucket it
 * fell in on the learner's clock; later ones count. `alreadyShown` says
 * whether it had been shown before this call.
 */
export async function recordEvent(user: User, input: { event_hash: string; now?: Date }) {
  const { event_hash: eventHash, now = new Date() } = input
  const { rows } = await db.rawQuery(
    `insert into user_events (user_id, event_hash, hour_bucket, times_shown, first_shown_at, last_shown_at)
     values (?, ?, ?, 1, ?, ?)
     on conflict (user_id, event_hash) do update set times_shown = user_events.times_shown + 1, last_shown_at
       = excluded.last_shown_at
     returning event_hash, times_shown, first_shown_at, hour_bucket`,
    [user.id, eventHash, hourBucket(now, user.timezoneOffset ?? 0), now, now]
  )
  const row = rows[0] as Row
  return { alreadyShown: row.times_shown > 1, ...present(eventHash, row) }
}

/** GET events/check?event_hash: whether this learner has been shown the event (only their own rows are read). */
export async function eventShown(user: User, input: { event_hash: string }): Promise<EventShown> {
  const eventHash = input.event_hash
  const row = await db
    .from('user_events')
    .where({ user_id: user.id, event_hash: eventHash })
    .first()
  return present(eventHash, row)
}
