/* Page data, typed from the server's transformers and queries (no client-side copies). */
import type { Data } from '~generated/data'
import type DeckTransformer from '#transformers/deck_transformer'
import type { ListedDeck, PageDeck, PickerDeck as ServerPickerDeck, StartedJob } from '#transformers/deck_transformer'

export type Deck = PageDeck
/** A deck of the home and archive lists: what a row, its counts and its menu need. */
export type { ListedDeck }
export type Folder = Data.Folder
export type PollingEntry = ReturnType<typeof DeckTransformer.forPolling>
export type Note = NotesPage['items'][number]
export type Template = Data.NoteType
export type NotesPage = Data.DeckNotesPage
export type Destinations = ServerPickerDeck[]
export type PickerDeck = Destinations[number]
export type { StartedJob }


