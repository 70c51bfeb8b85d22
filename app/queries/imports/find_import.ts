import ApiException from '#exceptions/api_exception'
import DeckImport from '#models/deck_import'
import type User from '#models/user'
import { idParam } from '#queries/decks/find_deck'
import { loadCreatedDecks } from '#queries/imports/created_decks'

/** The user's own import, else a 404 that does not tell whether it exists. */
export async function findImport(user: Pick<User, 'id'>, id: unknown) {
  const record = await DeckImport.query().where('id', idParam(id)).where('user_id', user.id).first()
  if (!record) throw ApiException.notFound()
  await loadCreatedDecks([record])
  return record
}
