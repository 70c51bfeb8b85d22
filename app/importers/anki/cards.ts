import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { BundleCard, BundleNote, BundleProgress } from '#importers/bundle'
import type { DeckTree } from '#importers/anki/deck_tree'
import type { ReviewReader } from '#importers/anki/revlog'
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
/* a learning card's due is a unix time in seconds, an interday one a day number */
const TIMESTAMP_THRESHOLD = 1_000_000_000

export class CardReader {
  #page: StatementSync
  #read = 0
  #homeless = 0

  constructor(
    private db: DatabaseSync,
    private source: SourceCollection,
    private tree: DeckTree
  ) {
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
      cards.push({
        key,
        noteKey: note.key,
        ord: num(row.ord),
        deckKey,
        progress: progressOf(row, this.source.crt, lastReview.get(key)),
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

/* FSRS memory state and the last review time (seconds), as newer Ankis keep them in `cards.data` */
function parseCardData(text: string): { s: number | null; d: number | null; lrt: number | null } {
  const none = { s: null, d: null, lrt: null }
  if (!text || text[0] !== '{') return none
  try {
    const data = JSON.parse(text) as Record<string, unknown>
    const finite = (value: unknown) =>
      typeof value === 'number' && Number.isFinite(value) ? value : null
    return { s: finite(data.s), d: finite(data.d), lrt: finite(data.lrt) }
  } catch {
    return none
  }
}

export function progressOf(
  card: Row,
  crt: number,
  lastReviewMs: number | undefined
): BundleProgress | null {
  const type = num(card.type)
  const queue = num(card.queue)
  /* suspended; buried cards (−2, −3) are only set aside for the day */
  const frozen = queue === -1
  const data = parseCardData(str(card.data))
  const factor = num(card.factor)
  const common = {
    /* learning cards of the old schedulers have no ease yet: Anki's starting ease */
    ease: factor > 0 ? factor / 1000 : 2.5,
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
    /* never studied; kept only to carry the suspension */
    return frozen ? { state: 'new', dueAt: null, intervalDays: 0, ...common } : null
  }
  const state = type === 1 ? 'learning' : type === 3 ? 'relearning' : 'review'
  /* in a filtered deck the original due is kept in odue */
  const due = str(card.odid) !== '0' && num(card.odue) !== 0 ? num(card.odue) : num(card.due)
  const dueSeconds = state !== 'review' && due > TIMESTAMP_THRESHOLD ? due : crt + due * DAY_SECONDS
  return {
    state,
    dueAt: new Date(dueSeconds * 1000),
    /* learning intervals below a day are stored as negative seconds */
    intervalDays: Math.max(0, num(card.ivl)),
    ...common,
  }
}
