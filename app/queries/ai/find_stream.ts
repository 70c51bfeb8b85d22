import AiStream from '#models/ai_stream'
import type User from '#models/user'
import { findDeck, idParam, type DeckAbility } from '#queries/decks/find_deck'
import { loadNotes } from '#queries/notes/load_notes'
import ApiException from '#exceptions/api_exception'

/**
 * A stream through the deck it fills: whoever may see the deck may follow
 * it (`view`), whoever may edit it may cancel it (`edit`); anyone else gets
 * the deck's own refusal (a 404 that does not tell whether it exists).
 */
export async function findStream(user: User, id: unknown, ability: DeckAbility = 'view') {
  const stream = await AiStream.find(idParam(id))
  if (!stream) throw ApiException.of('E_NOT_FOUND', { apiField: 'stream_id' })
  const deck = await findDeck(user, stream.deckId, undefined, ability)
  return { stream, deck }
}

/** The stream's notes that still exist, as Note entities, in the order they were made. */
export async function streamNotes(user: User, stream: AiStream) {
  return loadNotes(user, stream.noteIds)
}
