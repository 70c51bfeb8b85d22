import type { DatabaseSync } from 'node:sqlite'
import type { SourceNoteType } from '#importers/anki/stock'
import type { AnkiModelExtras } from '#note_types/types'
import { splitDeckName } from '#importers/anki/deck_tree'
import {
  num,
  parseJsonObject,
  requireColumns,
  str,
  type Row,
  type SourceDeck,
  type SourceSchemaContent,
} from '#importers/anki/source'

/*
 * Collection schema 11 (collection.anki2 and collection.anki21, and any
 * collection below schema 15): note types and decks are JSON objects keyed
 * by id in the single `col` row, deck levels joined with "::".
 */

export function readLegacyCollection(db: DatabaseSync, tables: Set<string>): SourceSchemaContent {
  requireColumns(db, tables, { col: ['models', 'decks'] })
  const json = db.prepare('SELECT models, decks FROM col LIMIT 1').get() as Row
  return { ...readNoteTypes(str(json.models)), decks: readDecks(str(json.decks)) }
}

/* keeps the source order when `ord` is missing, as old files sometimes have */
function byOrd<T extends { ord?: unknown }>(items: T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => num(a.item.ord ?? a.index) - num(b.item.ord ?? b.index) || a.index - b.index)
    .map(({ item }) => item)
}

function readNoteTypes(text: string): Pick<SourceSchemaContent, 'noteTypes' | 'brokenNoteTypes'> {
  const noteTypes = new Map<string, SourceNoteType>()
  const brokenNoteTypes = new Map<string, string>()
  for (const [id, value] of Object.entries(parseJsonObject(text, 'col.models'))) {
    const model = (value ?? {}) as Record<string, any>
    if (!Array.isArray(model.flds) || !Array.isArray(model.tmpls) || model.flds.length === 0) {
      brokenNoteTypes.set(id, str(model.name) || id)
      continue
    }
    noteTypes.set(id, {
      id,
      name: str(model.name),
      cloze: num(model.type) === 1,
      css: typeof model.css === 'string' ? model.css : '',
      originalStockKind: num(model.originalStockKind),
      fields: byOrd(model.flds as Record<string, unknown>[]).map((field) => ({
        name: str(field?.name),
        tag: typeof field?.tag === 'number' ? field.tag : null,
      })),
      templates: byOrd(model.tmpls as Record<string, unknown>[]).map((template) => ({
        name: str(template?.name),
        front: str(template?.qfmt),
        back: str(template?.afmt),
      })),
      sortField: Math.max(0, Math.min(num(model.sortf), model.flds.length - 1)),
      extras: extrasOf(model),
      mnemoKind: typeof model.mnemoKind === 'string' ? model.mnemoKind : undefined,
      mnemoReversedOf:
        typeof model.mnemoReversedOf === 'string' ? model.mnemoReversedOf : undefined,
    })
  }
  return { noteTypes, brokenNoteTypes }
}

/* the keys Mnemo keeps in columns of its own, or that the writer sets */
const OWN_MODEL_KEYS = [
  'id',
  'name',
  'type',
  'css',
  'sortf',
  'flds',
  'tmpls',
  'mod',
  'usn',
  'mnemoKind',
  'mnemoReversedOf',
]
const OWN_PART_KEYS = ['name', 'ord', 'qfmt', 'afmt']

const without = (value: unknown, keys: string[]): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(value && typeof value === 'object' ? value : {}).filter(
      ([key]) => !keys.includes(key)
    )
  )

/** What the model keeps beside what Mnemo holds in columns: written back on export. */
function extrasOf(model: Record<string, any>): AnkiModelExtras {
  return {
    model: without(model, OWN_MODEL_KEYS),
    fields: byOrd(model.flds as Record<string, unknown>[]).map((field) =>
      without(field, OWN_PART_KEYS)
    ),
    templates: byOrd(model.tmpls as Record<string, unknown>[]).map((template) =>
      without(template, OWN_PART_KEYS)
    ),
  }
}

function readDecks(text: string): Map<string, SourceDeck> {
  const decks = new Map<string, SourceDeck>()
  for (const [id, value] of Object.entries(parseJsonObject(text, 'col.decks'))) {
    const deck = (value ?? {}) as Record<string, unknown>
    decks.set(id, {
      id,
      path: splitDeckName(str(deck.name), '::'),
      filtered: Boolean(num(deck.dyn)),
    })
  }
  return decks
}
