/* Page data, typed from the server's transformers and queries (no client-side copies). */
import type DeckTransformer from '#transformers/deck_transformer'
import type { PageDeck } from '#transformers/deck_transformer'
import type FolderTransformer from '#transformers/folder_transformer'
import type NoteTypeTransformer from '#transformers/note_type_transformer'
import type { StartedJob, destinations } from '#controllers/decks/deck_props'
import type { notesPage } from '#controllers/decks/deck_notes'

export type Deck = PageDeck
export type Folder = ReturnType<typeof FolderTransformer.forApi>
export type PollingEntry = ReturnType<typeof DeckTransformer.forPolling>
export type Note = NotesPage['items'][number]
export type Template = ReturnType<typeof NoteTypeTransformer.forApi>
export type NotesPage = Awaited<ReturnType<typeof notesPage>>
export type Destinations = Awaited<ReturnType<typeof destinations>>
export type PickerDeck = Destinations[number]
export type { StartedJob }


