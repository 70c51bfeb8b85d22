import type { DatabaseSync } from 'node:sqlite'
import { REVERSED_ORD_OFFSET } from '#note_types/cards'
import {
  ImportError,
  type BundleCard,
  type BundleDeck,
  type BundleNote,
  type BundleNoteType,
  type ImportBundle,
} from '#importers/bundle'
import type { NoteBatch } from '#importers/bundle_source'
import { CardReader } from '#importers/anki/cards'
import { buildDeckTree } from '#importers/anki/deck_tree'
import { MediaReferences } from '#importers/anki/media'
import { keptNoteTypes, readNoteTypes, type ReadNoteType } from '#importers/anki/note_types'
import { NoteTally, noteReferences, readNotes } from '#importers/anki/notes'
import { ReviewReader } from '#importers/anki/revlog'
import { num, str, type Row, type SourceCollection, type Warnings } from '#importers/anki/source'

export interface Content {
  noteTypes: BundleNoteType[]
  decks: BundleDeck[]
  /** every file the notes and kept custom types refer to */
  references: MediaReferences
  /** the notes the batches hold: those of readable types that have cards */
  noteCount: number
  /** the notes with their cards and history, in id order; the warnings about them are added once the last is read */
  batches(size: number): Generator<NoteBatch>
}

/**
 * A collection's content, whichever its schema, ready to be read in
 * batches: what must be known before the first note is written (note types
 * still used, the deck tree with its Default when a card has no home, the
 * files referred to) comes from queries over the whole collection; the
 * notes, cards and review history are then read a page at a time, so only
 * one page is ever held.
 */
export function openContent(
  db: DatabaseSync,
  source: SourceCollection,
  format: ImportBundle['format'],
  warnings: Warnings,
  timezoneOffsetMinutes = 0
): Content {
  const types = readNoteTypes(source.noteTypes)
  const readable = JSON.stringify([...types.keys()])
  const references = new MediaReferences()
  noteReferences(db, types, references)
  const withCards = 'EXISTS (SELECT 1 FROM cards c WHERE c.nid = n.id)'
  const used = new Set(
    db
      .prepare(`SELECT DISTINCT CAST(mid AS TEXT) AS mid FROM notes n WHERE ${withCards}`)
      .all()
      .map((row) => str((row as Row).mid))
  )
  const noteTypes = keptNoteTypes(types, used, format, references)
  const tree = buildDeckTree(source.decks)
  const cards = new CardReader(db, source, tree, timezoneOffsetMinutes)
  cards.placeDecks([...types.keys()])
  const counted = db
    .prepare(
      `SELECT count(*) AS n FROM notes n WHERE CAST(mid AS TEXT) IN (SELECT value FROM json_each(?)) AND ${withCards}`
    )
    .get(readable) as Row
  return {
    noteTypes,
    decks: tree.decks(),
    references,
    noteCount: num(counted.n),
    batches: (size) =>
      corruptOnError(
        batchesOf({ db, source, types, cards, reviews: new ReviewReader(db), warnings }, size)
      ),
  }
}

interface Readers {
  db: DatabaseSync
  source: SourceCollection
  types: Map<string, ReadNoteType>
  cards: CardReader
  reviews: ReviewReader
  warnings: Warnings
}

function* batchesOf(readers: Readers, size: number): Generator<NoteBatch> {
  const { db, source, types, cards, reviews, warnings } = readers
  const tally = new NoteTally()
  let cardless = 0
  let page: BundleNote[] = []
  const batchOf = (notes: BundleNote[]): NoteBatch => {
    const read = cards.read(notes, reviews)
    reversedCards(notes, read, types)
    const kept = notes.filter((note) => note.deckKey)
    cardless += notes.length - kept.length
    return {
      notes: kept,
      cards: read,
      reviews: corruptOnError(reviews.answers(read.map((card) => card.key))),
    }
  }
  for (const note of readNotes(db, source, types, tally)) {
    /* ids are the primary key; a file whose aren't keeps the last note of an id, as a lookup by id would */
    if (page.length && page[page.length - 1].key === note.key) page[page.length - 1] = note
    else page.push(note)
    if (page.length < size) continue
    const batch = batchOf(page)
    page = []
    if (batch.notes.length) yield batch
  }
  if (page.length) {
    const batch = batchOf(page)
    if (batch.notes.length) yield batch
  }
  tally.report(source, warnings)
  cards.report(warnings)
  warnings.add(cardless, `${cardless} note(s) without cards were skipped`)
  reviews.report(warnings)
}

/* the last template of a type Mnemo made for notes with its reversed card is that card again: ord 100 */
function reversedCards(notes: BundleNote[], cards: BundleCard[], types: Map<string, ReadNoteType>) {
  const typeOf = new Map(notes.map((note) => [note.key, types.get(note.noteTypeKey)]))
  for (const card of cards) {
    const reversedOrd = typeOf.get(card.noteKey)?.reversedOrd
    if (reversedOrd !== undefined && card.ord === reversedOrd) card.ord = REVERSED_ORD_OFFSET
  }
}

/* a collection that breaks while it is read is a broken file, as one that breaks when opened: not retried */
function* corruptOnError<T>(items: Iterable<T>): Generator<T> {
  try {
    yield* items
  } catch (error) {
    if (error instanceof ImportError) throw error
    throw new ImportError('import_corrupt', (error as Error)?.message ?? String(error))
  }
}
