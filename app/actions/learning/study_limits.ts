import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { dailyLimit } from '#queries/learning/daily_limit'

/**
 * Refuses an answer past the limit (app/queries/learning/daily_limit.ts):
 * the apps show the paywall (daily) or the sign-up prompt (guest). Called
 * under the learner's lock (learner_lock.ts), so answers sent at once are
 * counted one after another, never all against the same last free card.
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
    throw ApiException.of('E_GUEST_STUDY_LIMIT', { values: { limit: limit.limit } })
  }
  throw ApiException.of('E_DAILY_LEARNING_LIMIT', { values: { limit: limit.limit } })
}
