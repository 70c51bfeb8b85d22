import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { remoteFlag } from '#services/remote_flags'

/*
 * The free tier's daily learning limit: the spec leaves the value open and
 * gives 100 as the remote-flag default for "cards to paywall", so a free
 * learner studies 100 distinct cards a day. Cards already started today
 * (learning steps) can always be finished. Guests stop at 500 cards studied in
 * all (the spec's guest default) until they sign up. Both are remote flags
 * (cards_to_paywall, guest_cards_studied), read from the process's copy
 * (app/services/remote_flags.ts): no query, also on the answer's path.
 * An answer is held to them by mnemo_record_answer
 * (database/sql/mnemo_record_answer_v3.sql).
 */
export const freeDailyCards = () => remoteFlag('cards_to_paywall')
export const guestCardsStudied = () => remoteFlag('guest_cards_studied')

/* a type alias, not an interface: Inertia's render() wants props assignable to JSON records */
export type DailyLimit = {
  limit: number | null
  studiedToday: number
  reached: boolean
  kind: 'daily' | 'guest' | null
}

/** Which limit holds for the learner: none (premium), the guest's or the free tier's daily one. */
export function limitOf(user: User): { kind: DailyLimit['kind']; limit: number | null } {
  if (user.hasPremium) return { kind: null, limit: null }
  return user.isGuest
    ? { kind: 'guest', limit: guestCardsStudied() }
    : { kind: 'daily', limit: freeDailyCards() }
}

/**
 * Where the learner stands against their limits today: what they used,
 * counted as an answer is held to it (mnemo_limit_used,
 * database/sql/mnemo_record_answer_v2.sql).
 */
export async function dailyLimit(user: User, today: string): Promise<DailyLimit> {
  const { kind, limit } = limitOf(user)
  if (kind === null) return { limit: null, studiedToday: 0, reached: false, kind: null }
  const { rows } = await db.rawQuery('select mnemo_limit_used(?, ?, ?) as used', [
    user.id,
    kind,
    today,
  ])
  const studied = Number(rows[0].used)
  return { limit: limit!, studiedToday: studied, reached: studied >= limit!, kind }
}
