/*
 * Types only, no code: inertia/components/decks/types.tsx still imports the
 * card list's type from here. The code lives in app/queries/notes/notes_page.ts
 * and app/transformers/note_transformer.ts (DeckNotesPage); delete this file
 * once the pages import that.
 */
import type { DeckNotesPage } from '#transformers/note_transformer'

export declare function notesPage(...args: unknown[]): Promise<DeckNotesPage>
