import NoteType from '#models/note_type'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'

/**
 * What the note editor offers: the deck and every note type usable in it (the deck owner's).
 * The editor is for those who may change the deck: a stranger gets a 404, a viewer the 403
 * that says they may study it but not change it, before they type a card they could not save.
 */
export async function editorChoices(user: User, deckId: unknown) {
  const deck = await findDeck(user, deckId, undefined, 'edit')
  const noteTypes = await NoteType.query()
    .whereNull('user_id')
    .orWhere('user_id', deck.userId)
    .orderBy('id')
  /* the editor starts with basic */
  const defaultNoteTypeId = noteTypes.find((noteType) => noteType.kind === 'basic')!.id
  return { deck, noteTypes, defaultNoteTypeId }
}
