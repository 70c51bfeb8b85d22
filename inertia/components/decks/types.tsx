/* The notes' shapes the deck page's cards tab takes; the decks' own come from Data.* where they are used. */
import type { Data } from '~generated/data'

export type Note = NotesPage['items'][number]
export type Template = Data.NoteType
export type NotesPage = Data.DeckNotesPage
