import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/*
 * Anki's card flags, per learner (card_flags, migration 0038): 1 red,
 * 2 orange, 3 green, 4 blue, 5 pink, 6 turquoise, 7 purple. A card has at
 * most one; flag 0 is no row. A flag marks, it changes nothing of study.
 */
/** Sets (1-7) or clears (0) this learner's flag on the cards. Returns how many rows changed. */
export async function setFlags(
  userId: number,
  cardIds: number[],
  flag: number,
  trx: TransactionClientContract
) {
  if (!cardIds.length) return 0
  if (flag === 0) {
    return trx.from('card_flags').where('user_id', userId).whereIn('card_id', cardIds).delete()
  }
  const result = await trx.rawQuery(
    `insert into card_flags (user_id, card_id, flag, updated_at)
     select ?, c.id, ?, now() from cards c where c.id = any(?)
     on conflict (user_id, card_id) do update set flag = excluded.flag, updated_at = excluded.updated_at
     where card_flags.flag <> excluded.flag`,
    [userId, flag, cardIds]
  )
  return result.rowCount ?? 0
}
