import NoteType from '#models/note_type'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'

/** What the note editor offers: the deck (another learner's is a 404) and every note type this learner may use. */
export async function editorChoices(user: User, deckId: unknown) {
  const deck = await findDeck(user, deckId)
  const noteTypes = await NoteType.query().whereNull('user_id').orWhere('user_id', user.id).orderBy('id')
  return { deck, noteTypes }
}
