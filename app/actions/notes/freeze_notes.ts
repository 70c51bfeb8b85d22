import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Freezes or unfreezes every card of the notes for this learner: a frozen
 * card stays out of study until unfrozen. Progress rows are created on
 * demand, so freezing a new card keeps it new.
 */
export async function setFrozen(
  userId: number,
  noteIds: number[],
  frozen: boolean,
  trx: TransactionClientContract
) {
  if (!noteIds.length) return 0
  const result = await trx.rawQuery(
    `insert into card_progress (user_id, card_id, deck_id, frozen, created_at, updated_at)
     select ?, c.id, c.deck_id, ?, now(), now() from cards c where c.note_id = any(?)
     on conflict (user_id, card_id) do update
       set frozen = excluded.frozen, version = card_progress.version + 1, updated_at = now()
       where card_progress.frozen <> excluded.frozen`,
    [userId, frozen, noteIds]
  )
  return result.rowCount ?? 0
}
