import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/*
 * Suspension ("remove" on the learning screen) is per learner, like freezing:
 * the card leaves this learner's study and everything else stays (the note,
 * its other cards, everyone's progress and history). It lives in its own
 * table, so a progress reset or a move between algorithms never brings a
 * removed card back; the deck's card list brings it back.
 */

/** Takes cards out of this learner's study. Returns how many were not suspended yet. */
export async function suspendCards(
  userId: number,
  cardIds: number[],
  trx: TransactionClientContract
) {
  if (!cardIds.length) return 0
  const result = await trx.rawQuery(
    `insert into card_suspensions (user_id, card_id, created_at)
     select ?, c.id, now() from cards c where c.id = any(?)
     on conflict (user_id, card_id) do nothing`,
    [userId, cardIds]
  )
  return result.rowCount ?? 0
}

/** Suspends (or brings back) every card of the notes for this learner. */
export async function setSuspended(
  userId: number,
  noteIds: number[],
  suspended: boolean,
  trx: TransactionClientContract
) {
  if (!noteIds.length) return 0
  const cardIds = trx.from('cards').whereIn('note_id', noteIds).select('id')
  if (!suspended) {
    return trx
      .from('card_suspensions')
      .where('user_id', userId)
      .whereIn('card_id', cardIds)
      .delete()
  }
  const rows = await cardIds
  const ids = rows.map((row) => row.id as number)
  return suspendCards(userId, ids, trx)
}
