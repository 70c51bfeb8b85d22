import { BaseTransformer } from '@adonisjs/core/transformers'
import type { NotesListPage } from '#queries/notes/notes_page'
import NoteTransformer from '#transformers/note_transformer'

/** GET notes: a page of the card list, as the deck sorts it (or as a search asked). */
export default class NotePageTransformer extends BaseTransformer<NotesListPage> {
  toObject() {
    const { notes, total, offset, limit, sortBy, order } = this.resource
    return {
      notes: NoteTransformer.transform(notes.notes, notes),
      total,
      offset,
      limit,
      sortBy,
      order,
    }
  }
}
