import db from '@adonisjs/lucid/services/db'
import { htmlToPlainText } from '#note_types/plain_text'
import { noteTypesById } from '#queries/notes/note_types_by_id'

/**
 * Anki's duplicate rule, as AnkiConnect applies it: another note whose first
 * field reads the same (its text, tags aside, case kept), of the same note
 * type unless `allModels`, in the given decks (null: anywhere the learner
 * sees). Mnemo's sort text (its first field with text, lower-cased) narrows
 * the candidates; each is then compared on its own first field.
 */
export async function hasDuplicate(input: {
  text: string
  noteTypeId: number
  allModels: boolean
  deckIds: number[] | null
  accessibleDeckIds: number[]
  exceptNoteId?: number
}) {
  if (!input.text) return false
  const query = db
    .from('notes')
    .whereIn('deck_id', input.deckIds ?? input.accessibleDeckIds)
    .where('sort_text', input.text.toLowerCase().slice(0, 500))
    .select('id', 'note_type_id', 'fields')
    .limit(200)
  if (!input.allModels) query.where('note_type_id', input.noteTypeId)
  if (input.exceptNoteId) query.whereNot('id', input.exceptNoteId)
  const rows = await query
  if (!rows.length) return false
  const types = await noteTypesById([...new Set(rows.map((row) => row.note_type_id as number))])
  return rows.some((row) => {
    const first = types.get(row.note_type_id)?.definition.fields[0]?.name
    return first !== undefined && htmlToPlainText(row.fields[first] ?? '') === input.text
  })
}
