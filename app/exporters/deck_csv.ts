import db from '@adonisjs/lucid/services/db'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import { htmlToPlainText } from '#note_types/plain_text'
import { revealAllClozes } from '#note_types/cloze'
import type { FieldDef, NoteTypeKind } from '#note_types/types'
import { writeCsv } from '#exporters/csv/write_csv'
import { tagsOf } from '#exporters/deck_bundle/rows'

/*
 * A deck (and its subdecks) as CSV: one row per note, front, back and tags.
 * A note's front and back are the plain text of its type's first two fields
 * (cloze deletions show their text, media and markup are dropped, line
 * breaks kept); an image occlusion note, whose first field is only the image,
 * gives its header and back extra. Plain text, not HTML: the text importer
 * reads a front,back,tags CSV as text (app/importers/text/parse_text.ts), so
 * an export imports back as it reads. The rows come in batches, so any deck
 * streams in constant memory.
 */

const BATCH = 1000

type Viewer = { id: number }
type CsvRow = { front: string; back: string; tags: string[] }

/* line breaks and block ends: the lines of a field, each reduced to text */
const LINE_BREAK = /<br\s*\/?>|<\/(?:div|p|li|h[1-6]|tr|blockquote|pre)>/gi

function plainText(html: string) {
  return revealAllClozes(html)
    .split(LINE_BREAK)
    .map(htmlToPlainText)
    .filter(Boolean)
    .join('\n')
}

/** The two fields a note of this type shows as front and back. */
function csvFields(kind: NoteTypeKind, fields: FieldDef[]): [string | undefined, string | undefined] {
  if (kind === 'image_occlusion') return ['Header', 'Back Extra']
  const names = (kind === 'custom' ? fields : BUILTIN_NOTE_TYPES[kind].fields).map((field) => field.name)
  return [names[0], names[1]]
}

/** Checks access (404 for a deck the user may not see); the rows come as the returned generator is read. */
export async function deckCsv(user: Viewer, deckId: unknown) {
  const deck = await findDeck(user, deckId)
  const ids = await subtreeIds(deck.id)
  return { deck, rows: chunks(ids) }
}

async function* chunks(deckIds: number[]): AsyncGenerator<string> {
  /* whatever writeCsv puts before the first row (a header, a BOM) goes out once */
  const preamble = writeCsv([])
  if (preamble) yield preamble
  const types = new Map<number, [string | undefined, string | undefined]>()
  let after = 0
  while (true) {
    const notes = await db
      .from('notes')
      .join('note_types', 'note_types.id', 'notes.note_type_id')
      .whereIn('notes.deck_id', deckIds)
      .where('notes.id', '>', after)
      .orderBy('notes.id')
      .limit(BATCH)
      .select('notes.id', 'notes.fields', 'notes.tags', 'notes.note_type_id', 'note_types.kind', 'note_types.fields as type_fields')
    if (!notes.length) return
    const rows: CsvRow[] = notes.map((note) => {
      if (!types.has(note.note_type_id)) types.set(note.note_type_id, csvFields(note.kind, note.type_fields ?? []))
      const [front, back] = types.get(note.note_type_id)!
      const text = (name: string | undefined) => (name ? plainText(note.fields?.[name] ?? '') : '')
      return { front: text(front), back: text(back), tags: tagsOf(note.tags) }
    })
    const csv = writeCsv(rows)
    yield preamble && csv.startsWith(preamble) ? csv.slice(preamble.length) : csv
    after = notes[notes.length - 1].id
    if (notes.length < BATCH) return
  }
}

/** The CSV of a deck the caller already checked, for the export job. */
export function deckCsvOf(deckIds: number[]) {
  return chunks(deckIds)
}
