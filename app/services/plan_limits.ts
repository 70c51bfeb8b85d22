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
 * (database/sql/mnemo_record_answer_v3.sql); what a learner used today is
 * app/queries/learning/daily_limit.ts.
 */
export const freeDailyCards = () => remoteFlag('cards_to_paywall')
export const guestCardsStudied = () => remoteFlag('guest_cards_studied')

/** Which limit holds for the learner: none (premium), the guest's or the free tier's daily one. */
export function limitOf(user: User): { kind: 'daily' | 'guest' | null; limit: number | null } {
  if (user.hasPremium) return { kind: null, limit: null }
  return user.isGuest
    ? { kind: 'guest', limit: guestCardsStudied() }
    : { kind: 'daily', limit: freeDailyCards() }
}
