import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { refreshStreak } from '#actions/study/refresh_streak'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'

/**
 * Takes an undone answer back from the learner's study day and their
 * lifetime total (an answer counts in mnemo_write_answer,
 * database/sql/mnemo_record_answer_v2.sql); when the day falls below the
 * active-day line the streak is worked out again, in the same transaction
 * as the undo. The caller holds the learner's lock (lockLearner, learner_lock.ts).
 */
export async function uncountStudiedCard(
  userId: number,
  day: string,
  trx: TransactionClientContract
) {
  const [row] = await trx
    .insertQuery()
    .table('study_days')
    .insert({ user_id: userId, day, cards_studied: 0 })
    .onConflict(['user_id', 'day'])
    .merge({ cards_studied: trx.raw('greatest(0, study_days.cards_studied - 1)') })
    .returning('cards_studied')
  await trx
    .from('users')
    .where('id', userId)
    .update({ stats_cards_studied: trx.raw('greatest(0, stats_cards_studied - 1)') })
  /* the day had ACTIVE_DAY_CARDS and no longer has: it is not active any more */
  if (Number(row.cards_studied) === ACTIVE_DAY_CARDS - 1) await refreshStreak(userId, day, { trx })
}
