import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'
import { withTransaction, type ActionOptions } from '#actions/action'

/** Positions follow the given order; an id that is not the user's makes it a 404 and changes nothing. */
export async function reorder(
  user: User,
  input: { table: 'decks' | 'folders'; ids: number[] },
  options: ActionOptions = {}
) {
  const { table, ids } = input
  await withTransaction(options.trx, async (trx) => {
    const owned = await trx
      .from(table)
      .where('user_id', user.id)
      .whereIn('id', ids)
      .count('* as count')
      .first()
    /* a shared root deck among them takes its place in the participant's own list (their collaborator row) */
    const shared = table === 'decks' ? await sharedRootsAmong(trx, user, ids) : 0
    if (Number(owned.count) + shared !== new Set(ids).size) throw ApiException.notFound()
    if (shared) {
      await trx.rawQuery(
        `update deck_collaborators c set position = v.position
         from unnest(?::int[]) with ordinality as v(id, position)
         where c.deck_id = v.id and c.user_id = ? and c.state = 'active'`,
        [ids, user.id]
      )
    }
    /* one statement: each id takes its place in the list */
    await trx.rawQuery(
      `update ${table} set position = v.position
       from unnest(?::int[]) with ordinality as v(id, position)
       where ${table}.id = v.id and ${table}.user_id = ?`,
      [ids, user.id]
    )
  })
}

/* how many of these ids are shared root decks the user actively takes part in */
async function sharedRootsAmong(trx: TransactionClientContract, user: User, ids: number[]) {
  const row = await trx
    .from('deck_collaborators')
    .where('user_id', user.id)
    .where('state', 'active')
    .whereIn('deck_id', ids)
    .count('* as count')
    .first()
  return Number(row.count)
}
