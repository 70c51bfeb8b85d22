import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { refreshStreak } from '#actions/study/refresh_streak'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'

/**
 * Counts an answer (or takes one back, for undo) on the learner's study day
 * and in their lifetime total; when the day crosses the active-day line the
 * streak is worked out again, in the same transaction as the answer. The
 * caller holds the learner's lock (lockLearner, learner_lock.ts).
 */
export async function recordStudiedCard(userId: number, day: string, delta: 1 | -1, trx: TransactionClientContract) {
  const [row] = await trx
    .insertQuery()
    .table('study_days')
    .insert({ user_id: userId, day, cards_studied: Math.max(0, delta) })
    .onConflict(['user_id', 'day'])
    .merge({ cards_studied: trx.raw('greatest(0, study_days.cards_studied + ?)', [delta]) })
    .returning('cards_studied')
  const [user] = await trx
    .from('users')
    .where('id', userId)
    .update({ stats_cards_studied: trx.raw('greatest(0, stats_cards_studied + ?)', [delta]) })
    .returning('stats_cards_studied')
  const count = Number(row.cards_studied)
  const before = count - delta
  if ((before < ACTIVE_DAY_CARDS) !== (count < ACTIVE_DAY_CARDS)) await refreshStreak(userId, day, { trx })
  return { day: count, total: Number(user.stats_cards_studied) }
}
