import { DatabaseSync } from 'node:sqlite'
import { ImportError } from '#importers/bundle'
import { readTablesCollection } from '#importers/anki/anki21b/collection'
import { readLegacyCollection } from '#importers/anki/legacy/collection'
import {
  num,
  requireColumns,
  str,
  type Row,
  type SourceCollection,
  type Warnings,
} from '#importers/anki/source'

/*
 * The collection file, opened read-only, and what every schema has in common
 * (col, notes, cards, revlog). Its schema version, not the zip entry's name,
 * says where note types and decks are: schema 15 moved them from col's JSON
 * (legacy/) into tables with protobuf blobs (anki21b/).
 */

const NEWEST_SCHEMA = 18
const TABLES_SINCE_SCHEMA = 15

const REQUIRED_COLUMNS: Record<string, string[]> = {
  col: ['crt', 'ver'],
  notes: ['id', 'guid', 'mid', 'tags', 'flds'],
  cards: [
    'id',
    'nid',
    'did',
    'ord',
    'type',
    'queue',
    'due',
    'ivl',
    'factor',
    'reps',
    'lapses',
    'odue',
    'odid',
  ],
  revlog: ['id', 'cid', 'ease', 'ivl', 'lastIvl', 'factor', 'time', 'type'],
}

/*
 * The reader looks cards up by note and answers by card, a page at a time.
 * Anki keeps such indexes, but a package need not carry them: they are made
 * on the unpacked copy (a file where they cannot be made, a table that is a
 * view say, is read without them, only slower).
 */
const LOOKUP_INDEXES = [
  'CREATE INDEX IF NOT EXISTS mnemo_import_cards_by_note ON cards (nid, ord)',
  'CREATE INDEX IF NOT EXISTS mnemo_import_revlog_by_card ON revlog (cid, id)',
]

/** The unpacked collection (the reader's own copy: it may add indexes), then read-only. */
export function openCollection(path: string): DatabaseSync {
  try {
    const db = new DatabaseSync(path)
    /* the first statement reads the header: "file is not a database" surfaces here */
    db.prepare('SELECT count(*) FROM sqlite_master').get()
    for (const index of LOOKUP_INDEXES) {
      try {
        db.exec(index)
      } catch {
        /* read without it */
      }
    }
    db.exec('PRAGMA query_only = ON')
    return db
  } catch (error) {
    throw new ImportError(
      'import_corrupt',
      `the collection is not an SQLite database: ${(error as Error).message}`
    )
  }
}

export function readSourceCollection(db: DatabaseSync, warnings: Warnings): SourceCollection {
  const tables = new Set(
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => str((row as Row).name))
  )
  requireColumns(db, tables, REQUIRED_COLUMNS)
  const col = db.prepare('SELECT crt, ver FROM col LIMIT 1').get() as Row | undefined
  if (!col) throw new ImportError('import_wrong_schema', 'the collection has no col row')
  const version = num(col.ver)
  if (version > NEWEST_SCHEMA)
    throw new ImportError(
      'unsupported_format',
      `collection schema ${version} is newer than this reader`
    )
  const crt = num(col.crt)
  if (version >= TABLES_SINCE_SCHEMA) return { crt, ...readTablesCollection(db, tables, warnings) }
  return { crt, ...readLegacyCollection(db, tables) }
}
