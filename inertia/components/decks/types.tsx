/*
 * The notes' shapes the deck page's cards tab takes, from the notes' own
 * transformers (still static ones). The decks' shapes come from the
 * generated `Data.*` types (~generated/data).
 */
import type { DeckNotesPage } from '#transformers/note_transformer'
import type NoteTypeTransformer from '#transformers/note_type_transformer'

export type Note = NotesPage['items'][number]
export type Template = ReturnType<typeof NoteTypeTransformer.forApi>
export type NotesPage = DeckNotesPage
