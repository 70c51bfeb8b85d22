import { newGuid } from '#actions/notes/save_note'
import { REVERSED_ORD_OFFSET } from '#note_types/cards'
import { prepareNote } from '#actions/notes/note_content'
import type { BundleCard, BundleNote } from '#importers/bundle'
import type { NoteBatch } from '#importers/bundle_source'
import type { BundleWrite, Created } from '#actions/imports/bundle_context'
import { mapFields, type ResolvedType } from '#actions/imports/bundle_note_types'
import type { DeckParts, DeckRoom } from '#actions/imports/bundle_decks'
import { writeHistory } from '#actions/imports/bundle_history'
import { insertRows } from '#actions/imports/insert_rows'
import { MAX_REMOTE_IMAGES_PER_BATCH, storeRemoteImages } from '#actions/media/store_remote_images'

/** What the note writer needs besides the batch: what the steps before it made. */
export interface NoteTargets {
  noteTypes: Map<string, ResolvedType>
  mediaUrls: Map<string, string>
  deckIds: Map<string, number>
  parts: DeckParts
  room: DeckRoom
  /** drive keys stored so far (a failed import removes them) */
  storedKeys: string[]
}

/** A batch as the writer works on it: each note's cards, and the learner's notes it has too. */
interface BatchTargets extends NoteTargets {
  cardsByNote: Map<string, BundleCard[]>
  /** the learner's notes of the batch's guids, from before this import: updated in place */
  existing: Map<string, { id: number; deck_id: number }>
  /** the batch's remote images stored: remote URL → local URL (store_remote_images.ts) */
  storedImages: Map<string, string>
}

/**
 * The learner's notes with these guids, but for those this import wrote: a
 * guid the package holds twice is no note the learner had (the second copy
 * meets the unique guid and fails the import, as it always has).
 */
async function existingNotes(write: BundleWrite, notes: BundleNote[]) {
  const { user, root, trx } = write
  const map = new Map<string, { id: number; deck_id: number }>()
  const guids = notes.map((note) => note.guid).filter(Boolean)
  if (!guids.length) return map
  const rows = await trx
    .from('notes')
    .where('user_id', user.id)
    .whereIn('guid', guids)
    .whereNotIn('deck_id', trx.from('decks').where('root_deck_id', root.id).select('id'))
    .select('id', 'guid', 'deck_id')
  for (const row of rows) map.set(row.guid, { id: row.id, deck_id: row.deck_id })
  return map
}

/* the note's columns in the product and the cards it has; null when it cannot be kept */
function prepareBundleNote(write: BundleWrite, targets: BatchTargets, note: BundleNote) {
  const type = targets.noteTypes.get(note.noteTypeKey)
  if (!type) {
    write.counts.skipped++
    return null
  }
  let prepared
  try {
    prepared = prepareNote(
      type.row,
      {
        noteTypeId: type.row.id,
        fields: mapFields(type, note, targets.mediaUrls),
        fieldAttachmentsMap: note.fieldAttachmentsMap,
        reverse: Boolean(note.reversed),
      },
      { imagesAllowed: true, storedImages: targets.storedImages }
    )
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
  const sourceOrds = (targets.cardsByNote.get(note.key) ?? [])
    .map((card) => card.ord)
    .filter((ord) =>
      definition.isCloze
        ? ord >= 0 && ord < 500
        : (ord >= 0 && ord < definition.templates.length) ||
          (ord === REVERSED_ORD_OFFSET && prepared.isReversed)
    )
  const ords = [...new Set([...prepared.ords, ...sourceOrds])].sort((a, b) => a - b)
  const columns = {
    source_fields: sourceFields(type, note, prepared.fields),
    note_type_id: type.row.id,
    fields: JSON.stringify(prepared.fields),
    field_attachments_map: JSON.stringify(prepared.attachments),
    tags: JSON.stringify(note.tags),
    sort_text: prepared.sortText,
    search_text: prepared.searchText,
    has_image: prepared.hasImage,
    has_audio: prepared.hasAudio,
    updated_at: write.now,
  }
  return { columns, ords, isReversed: prepared.isReversed }
}

/**
 * The fields the sanitizer (or the media's new addresses) changed, as the
 * package had them, beside what was stored: the export gives the package's
 * back while the field is unchanged (migration 0040). A custom type's
 * fields only, whose names are the package's.
 */
function sourceFields(type: ResolvedType, note: BundleNote, stored: Record<string, string>) {
  if (type.row.kind !== 'custom') return null
  const changed: Record<string, { source: string; stored: string }> = {}
  for (const [name, value] of Object.entries(stored)) {
    const source = note.fields[name] ?? ''
    if (source !== value) changed[name] = { source, stored: value }
  }
  return Object.keys(changed).length ? JSON.stringify(changed) : null
}

/* already the learner's: updated where it is, progress untouched, cards the new version makes added where they fit */
async function updateInPlace(
  write: BundleWrite,
  targets: BatchTargets,
  current: { id: number; deck_id: number },
  columns: object,
  ords: number[]
) {
  const { trx, counts, now } = write
  await trx.from('notes').where('id', current.id).update(columns)
  const cards = await trx.from('cards').where('note_id', current.id).select('ord')
  const have = new Set(cards.map((row) => row.ord as number))
  const missing = ords.filter((ord) => !have.has(ord))
  if (missing.length && (await targets.room.take(current.deck_id, missing.length))) {
    await trx.table('cards').multiInsert(
      missing.map((ord) => ({
        note_id: current.id,
        deck_id: current.deck_id,
        ord,
        created_at: now,
      }))
    )
    counts.cards += missing.length
  }
  counts.updated++
}

/* new notes in one statement, their cards in another, then their scheduling and history */
async function insertNew(
  write: BundleWrite,
  targets: BatchTargets,
  rows: Record<string, unknown>[],
  created: Created[],
  batch: NoteBatch
) {
  const { trx, counts, now } = write
  const inserted = await insertRows<{ id: number; guid: string }>(trx, 'notes', rows, [
    'id',
    'guid',
  ])
  const idByGuid = new Map(inserted.map((row) => [row.guid, row.id]))
  /* a card keeps its creation time from the source (Anki's card id), for `added:` and the statistics */
  const cardRows = created.flatMap(({ note, ords, deckId }) => {
    const sources = targets.cardsByNote.get(note.key) ?? []
    return ords.map((ord) => ({
      note_id: idByGuid.get(note.guid),
      deck_id: deckId,
      ord,
      created_at: sources.find((card) => card.ord === ord)?.createdAt ?? note.createdAt ?? now,
    }))
  })
  const cards = await insertRows<{ id: number; note_id: number; ord: number; deck_id: number }>(
    trx,
    'cards',
    cardRows,
    ['id', 'note_id', 'ord', 'deck_id']
  )
  counts.notes += rows.length
  counts.cards += cards.length
  counts.reviews += await writeHistory(write, {
    created,
    cards,
    cardsByNote: targets.cardsByNote,
    idByGuid,
    reviews: batch.reviews,
  })
}

/**
 * One batch of notes: a note the learner already has (same guid) is
 * updated in place; a new one goes into its deck of the import.
 */
export async function writeNoteBatch(write: BundleWrite, common: NoteTargets, batch: NoteBatch) {
  const cardsByNote = new Map<string, BundleCard[]>()
  for (const card of batch.cards) {
    const list = cardsByNote.get(card.noteKey)
    if (list) list.push(card)
    else cardsByNote.set(card.noteKey, [card])
  }
  /* remote images the batch's notes name are stored as the package's own media are */
  const storedImages = await storeRemoteImages(
    batch.notes.flatMap((note) => Object.values(note.fields)),
    { userId: write.user.id, deckId: write.root.id },
    write.trx,
    {
      max: MAX_REMOTE_IMAGES_PER_BATCH,
      storedKeys: common.storedKeys,
    }
  )
  write.counts.media += storedImages.size
  const targets: BatchTargets = {
    ...common,
    cardsByNote,
    existing: await existingNotes(write, batch.notes),
    storedImages,
  }
  const rows: Record<string, unknown>[] = []
  const created: Created[] = []
  for (const note of batch.notes) {
    const prepared = prepareBundleNote(write, targets, note)
    if (!prepared) continue
    const current = targets.existing.get(note.guid)
    if (current) {
      await updateInPlace(write, targets, current, prepared.columns, prepared.ords)
      continue
    }
    const deckId = await targets.parts.place(
      targets.deckIds.get(note.deckKey) ?? write.root.id,
      prepared.ords.length
    )
    rows.push({
      ...prepared.columns,
      user_id: write.user.id,
      deck_id: deckId,
      guid: note.guid || newGuid(),
      is_reversed: prepared.isReversed,
      created_at: note.createdAt ?? write.now,
    })
    created.push({ note, ords: prepared.ords, deckId })
  }
  if (rows.length) await insertNew(write, targets, rows, created, batch)
}
