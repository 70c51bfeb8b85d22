import type { DatabaseSync } from 'node:sqlite'
import type { SourceNoteType } from '#importers/anki/stock'
import { splitDeckName } from '#importers/anki/deck_tree'
import {
  decodeDeckKind,
  decodeFieldConfig,
  decodeNotetypeConfig,
  decodeTemplateConfig,
} from '#importers/anki/protobuf/messages'
import {
  asBytes,
  num,
  requireColumns,
  str,
  type Warnings,
  type Row,
  type SourceDeck,
  type SourceSchemaContent,
} from '#importers/anki/source'

/*
 * Collection schema 15 and later (what collection.anki21b holds: schema 18):
 * note types, their fields and templates, and decks in tables of their own,
 * settings as protobuf blobs, deck levels joined with "\x1f".
 */

const TABLE_COLUMNS: Record<string, string[]> = {
  notetypes: ['id', 'name', 'config'],
  fields: ['ntid', 'ord', 'name', 'config'],
  templates: ['ntid', 'ord', 'name', 'config'],
  decks: ['id', 'name', 'kind'],
}

export function readTablesCollection(
  db: DatabaseSync,
  tables: Set<string>,
  warnings: Warnings
): SourceSchemaContent {
  requireColumns(db, tables, TABLE_COLUMNS)
  return { ...readNoteTypes(db), decks: readDecks(db, warnings) }
}

type FieldRow = { ord: number; name: string; tag: number | null }
type TemplateRow = { ord: number; name: string; front: string; back: string }

/* a note type with a blob that does not decode is broken, whichever blob it is */
function readParts(db: DatabaseSync, broken: Set<string>) {
  const fields = new Map<string, FieldRow[]>()
  const templates = new Map<string, TemplateRow[]>()
  const push = <T>(map: Map<string, T[]>, key: string, item: T) =>
    (map.get(key) ?? map.set(key, []).get(key)!).push(item)

  /* no ORDER BY on name columns: they use Anki's `unicase` collation, unknown here */
  for (const row of db
    .prepare('SELECT CAST(ntid AS TEXT) AS ntid, ord, name, config FROM fields')
    .iterate() as Iterable<Row>) {
    try {
      push(fields, str(row.ntid), {
        ord: num(row.ord),
        name: str(row.name),
        tag: decodeFieldConfig(asBytes(row.config)).tag,
      })
    } catch {
      broken.add(str(row.ntid))
    }
  }
  for (const row of db
    .prepare('SELECT CAST(ntid AS TEXT) AS ntid, ord, name, config FROM templates')
    .iterate() as Iterable<Row>) {
    try {
      const config = decodeTemplateConfig(asBytes(row.config))
      push(templates, str(row.ntid), { ord: num(row.ord), name: str(row.name), ...config })
    } catch {
      broken.add(str(row.ntid))
    }
  }
  return { fields, templates }
}

function readNoteTypes(
  db: DatabaseSync
): Pick<SourceSchemaContent, 'noteTypes' | 'brokenNoteTypes'> {
  const noteTypes = new Map<string, SourceNoteType>()
  const brokenNoteTypes = new Map<string, string>()
  const broken = new Set<string>()
  const { fields, templates } = readParts(db, broken)
  for (const row of db
    .prepare('SELECT CAST(id AS TEXT) AS id, name, config FROM notetypes')
    .iterate() as Iterable<Row>) {
    const id = str(row.id)
    const ownFields = (fields.get(id) ?? []).sort((a, b) => a.ord - b.ord)
    const ownTemplates = (templates.get(id) ?? []).sort((a, b) => a.ord - b.ord)
    let config
    try {
      config = decodeNotetypeConfig(asBytes(row.config))
    } catch {
      broken.add(id)
    }
    if (!config || broken.has(id) || ownFields.length === 0) {
      brokenNoteTypes.set(id, str(row.name) || id)
      continue
    }
    noteTypes.set(id, {
      id,
      name: str(row.name),
      cloze: config.cloze,
      css: config.css,
      originalStockKind: config.originalStockKind,
      fields: ownFields.map(({ name, tag }) => ({ name, tag })),
      templates: ownTemplates.map(({ name, front, back }) => ({ name, front, back })),
      sortField: Math.min(config.sortField ?? 0, ownFields.length - 1),
    })
  }
  return { noteTypes, brokenNoteTypes }
}

function readDecks(db: DatabaseSync, warnings: Warnings): Map<string, SourceDeck> {
  const decks = new Map<string, SourceDeck>()
  let unreadable = 0
  for (const row of db
    .prepare('SELECT CAST(id AS TEXT) AS id, name, kind FROM decks')
    .iterate() as Iterable<Row>) {
    let kind: ReturnType<typeof decodeDeckKind> = 'unknown'
    try {
      kind = decodeDeckKind(asBytes(row.kind))
    } catch {
      unreadable++
    }
    decks.set(str(row.id), {
      id: str(row.id),
      path: splitDeckName(str(row.name), '\x1f'),
      filtered: kind === 'filtered',
    })
  }
  warnings.add(
    unreadable,
    `${unreadable} deck(s) had unreadable settings and were read as normal decks`
  )
  return decks
}
