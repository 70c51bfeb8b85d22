import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'

/*
 * The free tier's daily learning limit: the spec leaves the value open and
 * gives 100 as the remote-flag default for "cards to paywall", so a free
 * learner studies 100 distinct cards a day. Cards already started today
 * (learning steps) can always be finished. Guests stop at 500 cards studied
 * in all (the spec's guest default) until they sign up.
 */
export const FREE_DAILY_CARDS = 100
export const GUEST_CARDS_STUDIED = 500

export interface DailyLimit {
  limit: number | null
  studiedToday: number
  reached: boolean
  kind: 'daily' | 'guest' | null
}

/** Where the learner stands against their limits today. */
export async function dailyLimit(user: User, today: string, client: TransactionClientContract | any): Promise<DailyLimit> {
  if (user.isPremium) return { limit: null, studiedToday: 0, reached: false, kind: null }
  if (user.isGuest) {
    const row = await client.from('card_progress').where('user_id', user.id).where('reps', '>', 0).count('* as n').first()
    const studied = Number(row?.n ?? 0)
    return { limit: GUEST_CARDS_STUDIED, studiedToday: studied, reached: studied >= GUEST_CARDS_STUDIED, kind: 'guest' }
  }
  const row = await client
    .from('review_logs')
    .where('user_id', user.id)
    .where('study_day', today)
    .countDistinct('card_id as n')
    .first()
  const studied = Number(row?.n ?? 0)
  return { limit: FREE_DAILY_CARDS, studiedToday: studied, reached: studied >= FREE_DAILY_CARDS, kind: 'daily' }
}

/**
 * Refuses an answer past the limit: the apps show the paywall (daily) or the
 * sign-up prompt (guest). Called under the learner's lock (learner_lock.ts),
 * so answers sent at once are counted one after another, never all against
 * the same last free card.
 */
export async function assertMayStudy(user: User, cardId: number, today: string, client: TransactionClientContract) {
  const limit = await dailyLimit(user, today, client)
  if (!limit.reached) return
  const startedToday = await client
    .from('review_logs')
    .where('user_id', user.id)
    .where('card_id', cardId)
    .where('study_day', today)
    .first()
  if (startedToday) return
  if (limit.kind === 'guest') {
    throw new ApiException(403, 'E_GUEST_STUDY_LIMIT', 'guest_study_limit', { hasBody: true, values: { limit: GUEST_CARDS_STUDIED } })
  }
  throw new ApiException(402, 'E_DAILY_LEARNING_LIMIT', 'daily_learning_limit', { hasBody: true, values: { limit: FREE_DAILY_CARDS } })
}
