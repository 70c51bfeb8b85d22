import { DateTime } from 'luxon'
import DeckImport from '#models/deck_import'
import type User from '#models/user'
import { loadCreatedDecks } from '#queries/imports/created_decks'

/** GET deck_imports: the user's imports of the last 7 days, newest first (50 at most). */
export async function listImports(user: Pick<User, 'id'>) {
  const records = await DeckImport.query()
    .where('user_id', user.id)
    .where('created_at', '>', DateTime.now().minus({ days: 7 }).toJSDate())
    .orderBy('id', 'desc')
    .limit(50)
  await loadCreatedDecks(records)
  return records
}
