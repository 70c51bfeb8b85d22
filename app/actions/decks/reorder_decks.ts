import db from '@adonisjs/lucid/services/db'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'

/** Positions follow the given order; an id that is not the user's makes it a 404 and changes nothing. */
export async function reorder(table: 'decks' | 'folders', user: User, ids: number[]) {
  await db.transaction(async (trx) => {
    const owned = await trx.from(table).where('user_id', user.id).whereIn('id', ids).count('* as count').first()
    if (Number(owned.count) !== new Set(ids).size) throw ApiException.notFound()
    /* one statement: each id takes its place in the list */
    await trx.rawQuery(
      `update ${table} set position = v.position
       from unnest(?::int[]) with ordinality as v(id, position)
       where ${table}.id = v.id`,
      [ids]
    )
  })
}
