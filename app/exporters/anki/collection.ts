import { DatabaseSync } from 'node:sqlite'
import type { BundleCard, ImportBundle } from '#importers/bundle'
import {
  defaultDeckConfig,
  SCHEMA11_GRAVES,
  SCHEMA11_INDEXES,
  SCHEMA11_TABLES,
} from '#importers/anki/schema11'
import { deckJson, deckNames } from '#exporters/anki/decks'
import {
  ankiNoteType,
  fieldValues,
  modelJson,
  stableId,
  type WrittenType,
} from '#exporters/anki/models'
import { fieldChecksum, stripHtmlPreservingMedia } from '#exporters/anki/sort_field'
import {
  cardColumns,
  collectionDays,
  REVLOG_TYPE,
  revlogInterval,
  type Days,
} from '#exporters/anki/scheduling'

/*
 * The collection file of a legacy package: schema 11, note types, decks and
 * options as JSON in `col`, ids from the clock (Anki's ids are millisecond
 * timestamps).
 */

interface Written {
  db: DatabaseSync
  now: number
  mtime: number
  days: Days
}

/* Anki's ids are creation times in ms: a note or card keeps its own, a later one where two meet */
function idFrom(createdAt: Date | undefined, fallback: number, used: Set<number>) {
  let id = createdAt && Number.isFinite(createdAt.getTime()) ? createdAt.getTime() : fallback
  while (used.has(id)) id++
  used.add(id)
  return id
}

function noteTypesOf(bundle: ImportBundle): Map<string, WrittenType> {
  const types = new Map<string, WrittenType>()
  const usedIds = new Set<number>()
  for (const noteType of bundle.noteTypes) {
    /* an imported type keeps Anki's id, so Anki recognises it; another gets one of its own */
    let id =
      noteType.ankiId && /^\d{1,15}$/.test(noteType.ankiId) && !usedIds.has(Number(noteType.ankiId))
        ? Number(noteType.ankiId)
        : stableId(`mnemo-note-type:${noteType.kind}:${noteType.key}:${noteType.name}`)
    while (usedIds.has(id)) id++
    usedIds.add(id)
    types.set(noteType.key, ankiNoteType(noteType, id))
  }
  return types
}

/* Anki always has Default (id 1); a top-level bundle deck of that name becomes it */
function decksOf(bundle: ImportBundle, { now, mtime }: Written) {
  const names = deckNames(bundle)
  const deckIds = new Map<string, number>()
  const decks: Record<string, unknown> = {}
  let nextDeckId = now
  for (const deck of bundle.decks) {
    const name = names.get(deck.key)!
    const id = name.toLowerCase() === 'default' ? 1 : nextDeckId++
    deckIds.set(deck.key, id)
    decks[id] = deckJson(id, name, mtime)
  }
  if (!decks[1]) decks[1] = deckJson(1, 'Default', mtime)
  return { deckIds, decks }
}

function insertNotes(
  bundle: ImportBundle,
  types: Map<string, WrittenType>,
  { db, now, mtime }: Written
): Map<string, number> {
  const noteIds = new Map<string, number>()
  const insertNote = db.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, 0, '')")
  const used = new Set<number>()
  for (const note of bundle.notes) {
    const type = types.get(note.noteTypeKey)
    if (!type) continue
    const values = fieldValues(note, type)
    const tags = note.tags.map((tag) => tag.trim().replace(/\s+/g, '_')).filter(Boolean)
    const id = idFrom(note.createdAt, now, used)
    noteIds.set(note.key, id)
    const sortField = stripHtmlPreservingMedia(
      values[type.source.sortField ?? 0] ?? values[0] ?? ''
    )
    insertNote.run(
      id,
      note.guid,
      type.id,
      mtime,
      tags.length ? ` ${tags.join(' ')} ` : '',
      values.join('\x1f'),
      sortField,
      fieldChecksum(values[0] ?? '')
    )
  }
  return noteIds
}

/** Inserts the cards, new ones numbered in bundle order; returns their ids and the last position. */
function insertCards(
  bundle: ImportBundle,
  noteIds: Map<string, number>,
  deckIds: Map<string, number>,
  { db, now, mtime, days }: Written
) {
  const noteDecks = new Map(bundle.notes.map((note) => [note.key, note.deckKey]))
  const cardIds = new Map<string, number>()
  const insertCard = db.prepare(
    'INSERT INTO cards VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)'
  )
  const used = new Set<number>()
  let position = 0
  const seen = new Set<string>()
  for (const card of bundle.cards as BundleCard[]) {
    const noteId = noteIds.get(card.noteKey)
    /* Anki holds one card per note and template */
    if (noteId === undefined || seen.has(`${noteId}:${card.ord}`)) continue
    seen.add(`${noteId}:${card.ord}`)
    const did = deckIds.get(card.deckKey) ?? deckIds.get(noteDecks.get(card.noteKey) ?? '') ?? 1
    /* positions number the new cards only, in the bundle's order */
    const isNew = !card.progress || card.progress.state === 'new'
    const columns = cardColumns(card, isNew ? ++position : position, days, now)
    const id = idFrom(card.createdAt, now, used)
    cardIds.set(card.key, id)
    insertCard.run(
      id,
      noteId,
      did,
      card.ord,
      mtime,
      columns.type,
      columns.queue,
      columns.due,
      columns.ivl,
      columns.factor,
      columns.reps,
      columns.lapses,
      columns.left,
      columns.data
    )
  }
  return { cardIds, position }
}

/* review history: revlog ids are the review's time in ms, and unique */
function insertReviews(bundle: ImportBundle, cardIds: Map<string, number>, { db }: Written) {
  const insertReview = db.prepare('INSERT INTO revlog VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?)')
  const reviewIds = new Set<number>()
  for (const review of bundle.reviews) {
    const cardId = cardIds.get(review.cardKey)
    if (cardId === undefined) continue
    let id = review.reviewedAt.getTime()
    while (reviewIds.has(id)) id++
    reviewIds.add(id)
    insertReview.run(
      id,
      cardId,
      review.rating,
      revlogInterval(review.intervalDays),
      revlogInterval(review.lastIntervalDays),
      Math.round((review.ease || 0) * 1000),
      Math.max(0, Math.round(review.durationMs)),
      REVLOG_TYPE[review.kind] ?? 1
    )
  }
}

function insertCol(
  types: Map<string, WrittenType>,
  decks: Record<string, unknown>,
  position: number,
  { db, now, mtime, days }: Written
) {
  const models: Record<string, unknown> = {}
  for (const type of types.values()) models[type.id] = modelJson(type, mtime)
  const conf = {
    nextPos: position + 1,
    estTimes: true,
    activeDecks: [1],
    sortType: 'noteFld',
    timeLim: 0,
    sortBackwards: false,
    addToCur: true,
    curDeck: 1,
    newSpread: 0,
    dueCounts: true,
    curModel: String(types.values().next().value?.id ?? ''),
    collapseTime: 1200,
    /* the v2 layout of learning cards written above; Anki 2.1.50+ requires it for v3 */
    schedVer: 2,
  }
  db.prepare("INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')").run(
    days.crt,
    now,
    now,
    JSON.stringify(conf),
    JSON.stringify(models),
    JSON.stringify(decks),
    JSON.stringify({ 1: defaultDeckConfig(mtime) })
  )
}

/** Writes the bundle as a schema-11 collection at path. */
export function writeCollection(bundle: ImportBundle, path: string, timezoneOffsetMinutes = 0) {
  const now = Date.now()
  const db = new DatabaseSync(path)
  const written: Written = {
    db,
    now,
    mtime: Math.floor(now / 1000),
    days: collectionDays(bundle, now, timezoneOffsetMinutes),
  }
  try {
    /* a scratch file rebuilt on any failure: no journal, no fsync */
    db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF')
    db.exec(SCHEMA11_TABLES + SCHEMA11_GRAVES + SCHEMA11_INDEXES)
    db.exec('BEGIN')
    const types = noteTypesOf(bundle)
    const { deckIds, decks } = decksOf(bundle, written)
    const noteIds = insertNotes(bundle, types, written)
    const { cardIds, position } = insertCards(bundle, noteIds, deckIds, written)
    insertReviews(bundle, cardIds, written)
    insertCol(types, decks, position, written)
    db.exec('COMMIT')
  } finally {
    db.close()
  }
}
