import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { BundleCard, BundleNote, BundleProgress } from '#importers/bundle'
import type { DeckTree } from '#importers/anki/deck_tree'
import type { ReviewReader } from '#importers/anki/revlog'
import { addDays, studyDay, studyDayBounds } from '#scheduling/study_day'
import {
  columnsOf,
  num,
  str,
  type Row,
  type SourceCollection,
  type Warnings,
} from '#importers/anki/source'

/*
 * The `cards` table into bundle cards with the learner's scheduling, for a
 * page of notes at a time, lowest ord first so a note's first card sets the
 * note's deck. A card in a filtered deck goes back to its home deck. Cards
 * whose note cannot be read are counted, never held: all cards minus those
 * read.
 */

const DAY_SECONDS = 86_400
/* Mnemo's own mark, kept through Anki in the card's custom data (`cd`, Anki 2.1.55+): frozen */
export const FROZEN_MARK = 'mnemoFrozen'
/* a learning card's due is a unix time in seconds, an interday one a day number */
const TIMESTAMP_THRESHOLD = 1_000_000_000

export class CardReader {
  #page: StatementSync
  #read = 0
  #homeless = 0

  #days: DueDays

  constructor(
    private db: DatabaseSync,
    private source: SourceCollection,
    private tree: DeckTree,
    timezoneOffsetMinutes = 0
  ) {
    this.#days = dueDays(source.crt, timezoneOffsetMinutes)
    const dataColumn = columnsOf(db, 'cards').has('data') ? 'data' : "'' AS data"
    this.#page =
      db.prepare(`SELECT CAST(id AS TEXT) AS id, CAST(nid AS TEXT) AS nid, CAST(did AS TEXT) AS did, CAST(odid
        AS TEXT) AS odid,
      ord, type, queue, due, odue, ivl, factor, reps, lapses, ${dataColumn} FROM cards WHERE nid IN (SELECT
        value FROM json_each(?)) ORDER BY nid, ord`)
  }

  /* the card's home deck; a deck missing from the package (or filtered with no home) is the tree's fallback, Default */
  #deckOf(row: Row): { deckKey: string; homeless: boolean } {
    const odid = str(row.odid)
    const home = this.source.decks.get(odid !== '0' && odid !== '' ? odid : str(row.did))
    if (!home || home.filtered) return { deckKey: this.tree.fallback(), homeless: true }
    return { deckKey: this.tree.keyOf(home), homeless: false }
  }

  /**
   * Before any card is read, the decks the cards of readable notes (of these
   * note types) are in: the tree is written before the notes are, so it must
   * know which decks are used and whether Default is needed.
   */
  placeDecks(noteTypeKeys: string[]) {
    const homes = this.db
      .prepare(`SELECT DISTINCT CAST(did AS TEXT) AS did, CAST(odid AS TEXT) AS odid FROM cards c
      WHERE EXISTS (SELECT 1 FROM notes n WHERE n.id = c.nid AND CAST(n.mid AS TEXT) IN (SELECT value FROM
        json_each(?)))`)
    for (const row of homes.iterate(JSON.stringify(noteTypeKeys)) as Iterable<Row>)
      this.tree.use(this.#deckOf(row).deckKey)
  }

  /** The cards of a page of notes; each note takes the deck of its first card (a note left without one has none). */
  read(notes: BundleNote[], reviews: ReviewReader): BundleCard[] {
    const byKey = new Map(notes.map((note) => [note.key, note]))
    const rows = [...(this.#page.iterate(JSON.stringify([...byKey.keys()])) as Iterable<Row>)]
    const lastReview = reviews.latest(
      rows.filter((row) => byKey.has(str(row.nid))).map((row) => str(row.id))
    )
    const cards: BundleCard[] = []
    for (const row of rows) {
      const note = byKey.get(str(row.nid))
      if (!note) continue
      const { deckKey, homeless } = this.#deckOf(row)
      if (homeless) this.#homeless++
      if (!note.deckKey) note.deckKey = deckKey
      const key = str(row.id)
      this.tree.use(deckKey)
      const queue = num(row.queue)
      cards.push({
        key,
        noteKey: note.key,
        ord: num(row.ord),
        deckKey,
        progress: progressOf(row, this.#days, lastReview.get(key)),
        suspended: queue === -1,
        buried: queue === -3 ? 'manual' : queue === -2 ? 'sibling' : null,
        ...creationOf(key),
      })
    }
    this.#read += cards.length
    return cards
  }

  /** Once every page is read: the cards skipped and moved. */
  report(warnings: Warnings) {
    const orphans =
      num((this.db.prepare('SELECT count(*) AS n FROM cards').get() as Row).n) - this.#read
    warnings.add(orphans, `${orphans} card(s) without a readable note were skipped`)
    warnings.add(
      this.#homeless,
      `${this.#homeless} card(s) were in a deck missing from the package and were put in Default`
    )
  }
}

interface CardData {
  s: number | null
  d: number | null
  lrt: number | null
  frozen: boolean
}

/* FSRS memory state, the last review time (seconds) and custom data, as newer Ankis keep them in `cards.data` */
function parseCardData(text: string): CardData {
  const none = { s: null, d: null, lrt: null, frozen: false }
  if (!text || text[0] !== '{') return none
  try {
    const data = JSON.parse(text) as Record<string, unknown>
    const finite = (value: unknown) =>
      typeof value === 'number' && Number.isFinite(value) ? value : null
    const custom =
      data.cd && typeof data.cd === 'object' ? (data.cd as Record<string, unknown>) : {}
    return {
      s: finite(data.s),
      d: finite(data.d),
      lrt: finite(data.lrt),
      frozen: Boolean(custom[FROZEN_MARK]),
    }
  } catch {
    return none
  }
}

/**
 * Anki's day numbers as instants: day 0 is the learner's study day (their
 * time zone, rollover hour) that holds the collection's creation `crt`, as
 * Anki counts days (rslib/src/scheduler/timing.rs); day n starts n study
 * days later, at the rollover hour.
 */
export type DueDays = (day: number) => Date

export function dueDays(crt: number, timezoneOffsetMinutes: number): DueDays {
  const first = studyDay(new Date(crt * 1000), timezoneOffsetMinutes)
  return (day) => studyDayBounds(addDays(first, Math.round(day)), timezoneOffsetMinutes).start
}

/* Anki's ids are creation times in ms; an id that cannot be one (an old or made-up file) says nothing */
const EARLIEST_ID = Date.UTC(2006, 0, 1)
export function creationOf(id: string): { createdAt?: Date } {
  const ms = Number(id)
  return Number.isSafeInteger(ms) && ms >= EARLIEST_ID && ms <= Date.now() + DAY_SECONDS * 1000
    ? { createdAt: new Date(ms) }
    : {}
}

export function progressOf(
  card: Row,
  days: DueDays,
  lastReviewMs: number | undefined
): BundleProgress | null {
  const type = num(card.type)
  const data = parseCardData(str(card.data))
  const frozen = data.frozen
  const factor = num(card.factor)
  const common = {
    /* Anki's factor as it is: a learning card's 0 (no ease yet) stays 0, graduation gives the starting ease */
    ease: factor > 0 ? factor / 1000 : 0,
    reps: num(card.reps),
    lapses: num(card.lapses),
    stability: data.s,
    difficulty: data.d,
    frozen,
    lastReviewedAt:
      lastReviewMs !== undefined
        ? new Date(lastReviewMs)
        : data.lrt !== null
          ? new Date(data.lrt * 1000)
          : null,
  }
  if (type === 0) {
    /* new: a progress row only to carry what Anki keeps on it (a freeze, a forgotten card's counts, a factor) */
    const kept = frozen || common.reps > 0 || common.lapses > 0 || factor > 0
    return kept ? { state: 'new', dueAt: null, intervalDays: 0, ...common } : null
  }
  const state = type === 1 ? 'learning' : type === 3 ? 'relearning' : 'review'
  /* in a filtered deck the original due is kept in odue */
  const due = str(card.odid) !== '0' && num(card.odue) !== 0 ? num(card.odue) : num(card.due)
  const dueAt = state !== 'review' && due > TIMESTAMP_THRESHOLD ? new Date(due * 1000) : days(due)
  return {
    state,
    dueAt,
    /* learning intervals below a day are stored as negative seconds */
    intervalDays: Math.max(0, num(card.ivl)),
    ...common,
  }
}
