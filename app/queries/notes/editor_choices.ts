import NoteType from '#models/note_type'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'

/** What the note editor offers: the deck (one the learner cannot see is a 404) and every note type usable in it (the deck owner's). */
export async function editorChoices(user: User, deckId: unknown) {
  const deck = await findDeck(user, deckId)
  const noteTypes = await NoteType.query().whereNull('user_id').orWhere('user_id', deck.userId).orderBy('id')
  return { deck, noteTypes }
}
