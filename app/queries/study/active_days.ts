import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'

/** The learner's active study days up to `today`, oldest first: one statement, whatever the history. */
export async function activeDaysOf(
  userId: number,
  today: string,
  client?: TransactionClientContract
) {
  const rows = await (client ?? db)
    .from('study_days')
    .where('user_id', userId)
    .where('cards_studied', '>=', ACTIVE_DAY_CARDS)
    .where('day', '<=', today)
    .orderBy('day')
    .select(db.raw(`to_char(day, 'YYYY-MM-DD') as day`))
  return rows.map((row: { day: string }) => row.day)
}
