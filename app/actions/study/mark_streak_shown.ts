import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'

/** The streak popup was shown on `today`: it is not shown again that study day. */
export async function markStreakShown(user: User, input: { today: string }) {
  const { today } = input
  const alreadyShown = user.streakShownOn?.toISODate() === today
  if (!alreadyShown) {
    /* a plain update: saving the model would bump updated_at, which versions the avatar's URL */
    await db.from('users').where('id', user.id).update({ streak_shown_on: today })
    user.streakShownOn = DateTime.fromISO(today)
  }
  return { alreadyShown }
}
