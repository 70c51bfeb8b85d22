import { BaseTransformer } from '@adonisjs/core/transformers'
import type { NotesListPage } from '#queries/notes/notes_page'
import NoteTransformer from '#transformers/note_transformer'

/** The deck page's card list: a numbered page of previews, with the filters it shows. */
export default class DeckNotesPageTransformer extends BaseTransformer<NotesListPage> {
  toObject() {
    const { notes, total, offset, limit, sortBy, order, filters } = this.resource
    return {
      items: NoteTransformer.transform(notes.notes, notes).useVariant('forList'),
      total,
      page: Math.floor(offset / limit) + 1,
      pageSize: limit,
      sortBy,
      order,
      query: filters.query ?? '',
      learningState: filters.learning_state ?? null,
      frozen: filters.frozen ?? null,
      suspended: filters.suspended ?? null,
    }
  }
}
