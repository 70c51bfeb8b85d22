import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/* the ids of deck ? and all its subdecks, at any depth */
const SUBTREE = `with recursive tree as (
   select id from decks where id = ?
   union all
   select d.id from decks d join tree t on d.parent_id = t.id
 )`

/** The ids of a deck and all its subdecks, at any depth. */
export async function subtreeIds(
  deckId: number,
  trx?: TransactionClientContract
): Promise<number[]> {
  const result = await (trx ?? db).rawQuery(`${SUBTREE} select id from tree`, [deckId])
  return result.rows.map((row: { id: number }) => row.id)
}

/**
 * subtreeIds as a column of another statement (an int array named `as`), so a deck and its subtree come in one
 * read.
 */
export function subtreeIdsColumn(deckId: number, as: string) {
  return db.raw(`(${SUBTREE} select array_agg(id) from tree) as ??`, [deckId, as])
}
