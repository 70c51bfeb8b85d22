import type { DatabaseSync } from 'node:sqlite'
import { ImportError } from '#importers/bundle'
import type { SourceNoteType } from '#importers/anki/stock'

/*
 * What every part of the Anki reader shares: a collection's rows as
 * node:sqlite returns them, the collection as read before it becomes a
 * bundle, and the warnings the learner is shown.
 */

export type Row = Record<string, unknown>

/** meta and the media list are read whole; a real media list of 100,000 files is a few MB */
export const SMALL_ENTRY_LIMIT = 64 * 1024 ** 2

export interface SourceDeck {
  id: string
  path: string[]
  filtered: boolean
}

export interface SourceCollection {
  crt: number
  noteTypes: Map<string, SourceNoteType>
  /** note types present but unreadable, by id → name */
  brokenNoteTypes: Map<string, string>
  decks: Map<string, SourceDeck>
}

/** Note types and decks, which each collection schema keeps in its own way. */
export type SourceSchemaContent = Omit<SourceCollection, 'crt'>

export class Warnings {
  readonly list: { message: string }[] = []
  add(count: number, message: string) {
    if (count > 0) this.list.push({ message })
  }
}

export const str = (value: unknown) => (value === null || value === undefined ? '' : String(value))
export const num = (value: unknown) => {
  const n = Number(value)
  return Number.isFinite(n) ? n : 0
}
export const asBytes = (value: unknown) => (value instanceof Uint8Array ? value : new Uint8Array(0))

export function parseJsonObject(text: string, what: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new ImportError('import_corrupt', `${what} is not valid JSON`)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new ImportError('import_corrupt', `${what} is not a JSON object`)
  return value as Record<string, unknown>
}

export function columnsOf(db: DatabaseSync, table: string): Set<string> {
  return new Set(
    db
      .prepare(`PRAGMA table_info("${table}")`)
      .all()
      .map((row) => str((row as Row).name))
  )
}

/** Refuses a collection that lacks a table or column the reader needs (import_wrong_schema, naming them). */
export function requireColumns(
  db: DatabaseSync,
  tables: Set<string>,
  required: Record<string, string[]>
) {
  const missing: string[] = []
  for (const [table, columns] of Object.entries(required)) {
    if (!tables.has(table)) {
      missing.push(table)
      continue
    }
    const present = columnsOf(db, table)
    for (const column of columns) if (!present.has(column)) missing.push(`${table}.${column}`)
  }
  if (missing.length)
    throw new ImportError(
      'import_wrong_schema',
      `not an Anki collection: missing ${missing.join(', ')}`
    )
}
