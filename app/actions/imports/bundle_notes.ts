import type User from '#models/user'
import { newGuid } from '#actions/notes/save_note'
import { prepareNote } from '#actions/notes/note_content'
import type { BundleCard, BundleNote } from '#importers/bundle'
import type { BundleWrite } from '#actions/imports/bundle_context'
import { mapFields, type ResolvedType } from '#actions/imports/bundle_note_types'
import type { DeckParts, DeckRoom } from '#actions/imports/bundle_decks'
import { writeHistory } from '#actions/imports/bundle_history'

/** What the note writer needs besides the bundle: what the steps before it made. */
export interface NoteTargets {
  noteTypes: Map<string, ResolvedType>
  mediaUrls: Map<string, string>
  deckIds: Map<string, number>
  cardsByNote: Map<string, BundleCard[]>
  /** the learner's notes the bundle has too, by guid: updated in place */
  existing: Map<string, { id: number; deck_id: number }>
  parts: DeckParts
  room: DeckRoom
}

type Created = { note: BundleNote; ords: number[]; deckId: number }

/** The learner's guids already in the product: a re-import updates these. */
export async function existingNotes(user: User, write: Pick<BundleWrite, 'bundle' | 'trx'>) {
  const { bundle, trx } = write
  const map = new Map<string, { id: number; deck_id: number }>()
  for (let start = 0; start < bundle.notes.length; start += 5000) {
    const guids = bundle.notes.slice(start, start + 5000).map((note) => note.guid).filter(Boolean)
    if (!guids.length) continue
    const rows = await trx.from('notes').where('user_id', user.id).whereIn('guid', guids).select('id', 'guid', 'deck_id')
    for (const row of rows) map.set(row.guid, { id: row.id, deck_id: row.deck_id })
  }
  return map
}

/* the note's columns in the product and the cards it has; null when it cannot be kept */
function prepareBundleNote(write: BundleWrite, targets: NoteTargets, note: BundleNote) {
  const type = targets.noteTypes.get(note.noteTypeKey)
  if (!type) {
    write.counts.skipped++
    return null
  }
  let prepared
  try {
    prepared = prepareNote(type.row, {
      noteTypeId: type.row.id,
      fields: mapFields(type, note, targets.mediaUrls),
      fieldAttachmentsMap: note.fieldAttachmentsMap,
      reverse: false,
    }, { imagesAllowed: true })
  } catch {
    write.counts.skipped++
    write.warnings.push({ message: `note_invalid:${note.guid}` })
    return null
  }
  /*
   * the cards the source has are kept even when the product would not make
   * them now (Anki keeps "empty cards"): their progress and history stay
   */
  const definition = type.row.definition
  const sourceOrds = (targets.cardsByNote.get(note.key) ?? []).map((card) => card.ord)
    .filter((ord) => definition.isCloze ? ord >= 0 && ord < 500 : ord >= 0 && ord < definition.templates.length)
  const ords = [...new Set([...prepared.ords, ...sourceOrds])].sort((a, b) => a - b)
  const columns = {
    note_type_id: type.row.id, fields: JSON.stringify(prepared.fields), field_attachments_map: JSON.stringify(prepared.attachments),
    tags: JSON.stringify(note.tags), sort_text: prepared.sortText, search_text: prepared.searchText,
    has_image: prepared.hasImage, has_audio: prepared.hasAudio, updated_at: write.now,
  }
  return { columns, ords }
}

/* already the learner's: updated where it is, progress untouched, cards the new version makes added where they fit */
async function updateInPlace(write: BundleWrite, targets: NoteTargets, current: { id: number; deck_id: number }, columns: object, ords: number[]) {
  const { trx, counts, now } = write
  await trx.from('notes').where('id', current.id).update(columns)
  const have = new Set((await trx.from('cards').where('note_id', current.id).select('ord')).map((row) => row.ord as number))
  const missing = ords.filter((ord) => !have.has(ord))
  if (missing.length && (await targets.room.take(current.deck_id, missing.length))) {
    await trx.table('cards').multiInsert(missing.map((ord) => ({ note_id: current.id, deck_id: current.deck_id, ord, created_at: now })))
    counts.cards += missing.length
  }
  counts.updated++
}

/* new notes in one statement, their cards in another, then their scheduling and history */
async function insertNew(write: BundleWrite, targets: NoteTargets, rows: Record<string, unknown>[], created: Created[]) {
  const { trx, counts, now } = write
  const inserted = await trx.table('notes').multiInsert(rows).returning(['id', 'guid'])
  const idByGuid = new Map(inserted.map((row: { id: number; guid: string }) => [row.guid, row.id]))
  const cardRows = created.flatMap(({ note, ords, deckId }) => ords.map((ord) => ({ note_id: idByGuid.get(note.guid), deck_id: deckId, ord, created_at: now })))
  const cards = await trx.table('cards').multiInsert(cardRows).returning(['id', 'note_id', 'ord', 'deck_id'])
  counts.notes += rows.length
  counts.cards += cards.length
  counts.reviews += await writeHistory(write, created, cards, targets.cardsByNote, idByGuid)
}

/**
 * One batch of the bundle's notes: a note the learner already has (same
 * guid) is updated in place; a new one goes into its deck of the import.
 */
export async function writeNoteBatch(write: BundleWrite, targets: NoteTargets, batch: BundleNote[]) {
  const rows: Record<string, unknown>[] = []
  const created: Created[] = []
  for (const note of batch) {
    const prepared = prepareBundleNote(write, targets, note)
    if (!prepared) continue
    const current = targets.existing.get(note.guid)
    if (current) {
      await updateInPlace(write, targets, current, prepared.columns, prepared.ords)
      continue
    }
    const deckId = await targets.parts.place(targets.deckIds.get(note.deckKey) ?? write.root.id, prepared.ords.length)
    rows.push({ ...prepared.columns, user_id: write.user.id, deck_id: deckId, guid: note.guid || newGuid(), is_reversed: false, created_at: write.now })
    created.push({ note, ords: prepared.ords, deckId })
  }
  if (rows.length) await insertNew(write, targets, rows, created)
}
