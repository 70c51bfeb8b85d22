import { BaseTransformer } from '@adonisjs/core/transformers'
import type { LoadedNotes } from '#queries/notes/load_notes'
import NoteTransformer from '#transformers/note_transformer'

/** What findDuplicates reads: the groups' texts and note ids, and those notes loaded. */
type Duplicates = { groups: { text: string; ids: number[] }[]; notes: LoadedNotes }

/** GET notes/find_duplicates: the groups of notes whose first field reads the same. */
export default class NoteDuplicatesTransformer extends BaseTransformer<Duplicates> {
  toObject() {
    const { groups, notes } = this.resource
    /* notes inside a group sit below the top level, where the serializer resolves no item: built here */
    const byId = new Map(
      notes.notes.map((note) => [note.id, new NoteTransformer(note, notes).toObject()])
    )
    return {
      groups: groups.map((group) => ({
        text: group.text,
        notes: group.ids.map((id) => byId.get(id)!).filter(Boolean),
      })),
    }
  }
}
