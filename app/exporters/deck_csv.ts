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
 * an export imports back as it reads. The notes come in batches
 * (app/queries/exports/csv_notes.ts), so any deck streams in constant memory.
 */

type CsvRow = { front: string; back: string; tags: string[] }

/** A note as the CSV reads it: its fields and tags, and its type's kind and fields. */
export interface CsvNote {
  id: number
  fields: Record<string, string> | null
  tags: unknown
  note_type_id: number
  kind: NoteTypeKind
  type_fields: FieldDef[] | null
}

/* line breaks and block ends: the lines of a field, each reduced to text */
const LINE_BREAK = /<br\s*\/?>|<\/(?:div|p|li|h[1-6]|tr|blockquote|pre)>/gi

function plainText(html: string) {
  return revealAllClozes(html).split(LINE_BREAK).map(htmlToPlainText).filter(Boolean).join('\n')
}

/** The two fields a note of this type shows as front and back. */
function csvFields(
  kind: NoteTypeKind,
  fields: FieldDef[]
): [string | undefined, string | undefined] {
  if (kind === 'image_occlusion') return ['Header', 'Back Extra']
  const names = (kind === 'custom' ? fields : BUILTIN_NOTE_TYPES[kind].fields).map(
    (field) => field.name
  )
  return [names[0], names[1]]
}

/** The CSV of a deck's notes, batch by batch, as the returned generator is read. */
export async function* deckCsv(batches: AsyncIterable<CsvNote[]>): AsyncGenerator<string> {
  /* whatever writeCsv puts before the first row (a header, a BOM) goes out once */
  const preamble = writeCsv([])
  if (preamble) yield preamble
  const types = new Map<number, [string | undefined, string | undefined]>()
  for await (const notes of batches) {
    const rows: CsvRow[] = notes.map((note) => {
      if (!types.has(note.note_type_id))
        types.set(note.note_type_id, csvFields(note.kind, note.type_fields ?? []))
      const [front, back] = types.get(note.note_type_id)!
      const text = (name: string | undefined) => (name ? plainText(note.fields?.[name] ?? '') : '')
      return { front: text(front), back: text(back), tags: tagsOf(note.tags) }
    })
    const csv = writeCsv(rows)
    yield preamble && csv.startsWith(preamble) ? csv.slice(preamble.length) : csv
  }
}
