import { BaseTransformer } from '@adonisjs/core/transformers'

/** POST notes/bulk_create: the new notes' ids and how many. */
export default class NotesCreatedTransformer extends BaseTransformer<{ notes: { id: number }[] }> {
  toObject() {
    const { notes } = this.resource
    return { ids: notes.map((note) => note.id), count: notes.length }
  }
}
