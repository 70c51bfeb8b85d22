import type { DatabaseSync } from 'node:sqlite'
import type { BundleNote } from '#importers/bundle'
import { creationOf } from '#importers/anki/cards'
import { parseOcclusions } from '#importers/anki/occlusion'
import type { StockMapping } from '#importers/anki/stock'
import type { MediaReferences } from '#importers/anki/media'
import type { ReadNoteType } from '#importers/anki/note_types'
import { str, type Row, type SourceCollection, type Warnings } from '#importers/anki/source'

/*
 * The `notes` table into bundle notes, in id order, read as they are taken:
 * fields by the note type's mapping (a stock type's fields land on the
 * product's built-in type), image occlusion shapes as masks, tags split. A
 * note's deck is set later, by its first card.
 */

const MAX_MASKS = 200

const NOTE_COLUMNS = 'CAST(id AS TEXT) AS id, guid, CAST(mid AS TEXT) AS mid, tags, flds'

/** What the notes loop skipped or changed, for the warnings. */
export class NoteTally {
  skippedByType = new Map<string, number>()
  unknownType = 0
  extraFields = 0
  commentsMoved = 0
  approximated = 0
  droppedShapes = 0
  tooManyMasks = 0

  report(source: SourceCollection, warnings: Warnings) {
    for (const [mid, count] of this.skippedByType) {
      warnings.add(
        count,
        `${count} note(s) of the note type "${source.brokenNoteTypes.get(mid)}" were skipped: the note type ` +
          `cannot be read`
      )
    }
    warnings.add(
      this.unknownType,
      `${this.unknownType} note(s) use a note type missing from the package and were skipped`
    )
    warnings.add(
      this.extraFields,
      `${this.extraFields} note(s) had more fields than their note type; the extra fields were dropped`
    )
    warnings.add(
      this.commentsMoved,
      `${this.commentsMoved} image occlusion note(s): the Comments field was added to Back Extra`
    )
    warnings.add(
      this.approximated,
      `${this.approximated} image occlusion shape(s) (ellipses, polygons) became rectangles around them`
    )
    warnings.add(
      this.droppedShapes,
      `${this.droppedShapes} image occlusion label(s) or unreadable shape(s) were dropped`
    )
    warnings.add(
      this.tooManyMasks,
      `${this.tooManyMasks} image occlusion note(s) had more than ${MAX_MASKS} shapes; the rest were dropped`
    )
  }
}

/** The notes of readable types, in id order; the others are counted in the tally. */
export function* readNotes(
  db: DatabaseSync,
  source: SourceCollection,
  types: Map<string, ReadNoteType>,
  tally: NoteTally
): Generator<BundleNote> {
  for (const row of db
    .prepare(`SELECT ${NOTE_COLUMNS} FROM notes ORDER BY id`)
    .iterate() as Iterable<Row>) {
    const mid = str(row.mid)
    const type = types.get(mid)
    if (!type) {
      if (source.brokenNoteTypes.has(mid))
        tally.skippedByType.set(mid, (tally.skippedByType.get(mid) ?? 0) + 1)
      else tally.unknownType++
      continue
    }
    yield noteOf(row, type, tally)
  }
}

/**
 * Every file the notes refer to, before any note is written (the media are
 * stored first, so the fields can point at them). Only notes whose text can
 * hold a reference are parsed: `src`, `[sound:` or `url(` somewhere in it
 * (LIKE ignores ASCII case, as the patterns do).
 */
export function noteReferences(
  db: DatabaseSync,
  types: Map<string, ReadNoteType>,
  references: MediaReferences
) {
  const candidates = db.prepare(
    `SELECT ${NOTE_COLUMNS} FROM notes WHERE flds LIKE '%src%' OR flds LIKE '%[sound:%' OR flds LIKE '%url(%'`
  )
  for (const row of candidates.iterate() as Iterable<Row>) {
    const type = types.get(str(row.mid))
    if (!type) continue
    /* the fields as the notes will be read, the Comments of an occlusion moved included; counted when they are */
    for (const value of Object.values(noteOf(row, type, new NoteTally()).fields))
      references.add(value)
  }
}

function noteOf(row: Row, type: ReadNoteType, tally: NoteTally): BundleNote {
  const values = str(row.flds).split('\x1f')
  if (values.slice(type.source.fields.length).some((value) => value !== '')) tally.extraFields++
  const fields: Record<string, string> = {}
  let fieldAttachmentsMap: BundleNote['fieldAttachmentsMap']
  if (type.mapping) {
    for (const [name, index] of Object.entries(type.mapping.fields))
      fields[name] = index >= 0 ? (values[index] ?? '') : ''
    if (type.mapping.kind === 'image_occlusion')
      fieldAttachmentsMap = occlusionOf(values, type.mapping, fields, tally)
  } else {
    type.bundle.fields.forEach((name, index) => (fields[name] = values[index] ?? ''))
  }
  const note: BundleNote = {
    key: str(row.id),
    guid: str(row.guid),
    noteTypeKey: str(row.mid),
    deckKey: '',
    fields,
    tags: str(row.tags)
      .split(/[\s\u3000]+/)
      .filter(Boolean),
    ...creationOf(str(row.id)),
  }
  if (fieldAttachmentsMap) note.fieldAttachmentsMap = fieldAttachmentsMap
  if (type.reversedOrd !== undefined) note.reversed = true
  return note
}

/* Anki's image occlusion note: shapes become the Image field's masks; its Comments go to Back Extra */
function occlusionOf(
  values: string[],
  mapping: StockMapping,
  fields: Record<string, string>,
  tally: NoteTally
): BundleNote['fieldAttachmentsMap'] {
  const comments =
    mapping.comments !== undefined && mapping.comments >= 0 ? (values[mapping.comments] ?? '') : ''
  if (comments.trim()) {
    /* the product's type has no Comments field: keep the text on the back */
    fields['Back Extra'] = fields['Back Extra']
      ? `${fields['Back Extra']}<br>${comments}`
      : comments
    tally.commentsMoved++
  }
  const parsed = parseOcclusions(values[mapping.occlusions!] ?? '')
  tally.approximated += parsed.approximated
  tally.droppedShapes += parsed.dropped
  if (parsed.masks.length > MAX_MASKS) tally.tooManyMasks++
  return { Image: { hideAll: parsed.hideAll, masks: parsed.masks.slice(0, MAX_MASKS) } }
}
