import { BaseTransformer } from '@adonisjs/core/transformers'
import type { libraryNotesPage } from '#queries/library/deck_content'
import LibraryNoteTransformer from '#transformers/library_note_transformer'

type NotesPage = Awaited<ReturnType<typeof libraryNotesPage>> & { limit: number; offset: number }

/** A page of a library deck's notes (GET library_decks/{id}/notes). */
export default class LibraryNotesPageTransformer extends BaseTransformer<NotesPage> {
  toObject() {
    const { notes, noteTypes, total, limit, offset } = this.resource
    return { notes: LibraryNoteTransformer.transform(notes, noteTypes), total, limit, offset }
  }
}
