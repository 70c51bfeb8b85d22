import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/*
 * the first key of the advisory locks that serialize new positions among one user's decks (and, with the next
 * key, folders)
 */
const POSITION_LOCKS = { decks: 4_207, folders: 4_208 } as const

/**
 * The position after the last sibling, for a deck that arrives among them
 * (created, duplicated, moved) or a new folder. Two arrivals at once would
 * read the same last position: the lock (one per user, held until the
 * transaction ends) makes the second read after the first has committed,
 * so siblings keep distinct positions.
 */
export async function nextPosition(
  trx: TransactionClientContract,
  userId: number,
  siblings: { table: 'decks'; parentId: number | null; exceptId?: number } | { table: 'folders' }
) {
  await trx.rawQuery('select pg_advisory_xact_lock(?, ?)', [POSITION_LOCKS[siblings.table], userId])
  const query = trx.from(siblings.table).where('user_id', userId)
  if (siblings.table === 'decks') {
    if (siblings.parentId === null) query.whereNull('parent_id')
    else query.where('parent_id', siblings.parentId)
    if (siblings.exceptId) query.whereNot('id', siblings.exceptId)
  }
  const row = await query.max('position as max').first()
  return (Number(row?.max) || 0) + 1
}
