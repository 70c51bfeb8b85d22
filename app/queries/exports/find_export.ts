import ApiException from '#exceptions/api_exception'
import DeckExport from '#models/deck_export'
import { idParam } from '#queries/decks/find_deck'

/** One of the user's own exports, else a 404 that does not tell whether it exists. */
export async function findExport(user: { id: number }, id: unknown) {
  const record = await DeckExport.query().where('id', idParam(id)).where('user_id', user.id).first()
  if (!record) throw ApiException.notFound()
  return record
}
