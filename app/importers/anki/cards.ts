import type { DatabaseSync } from 'node:sqlite'
import type { BundleCard, BundleNote, BundleProgress } from '#importers/bundle'
import type { DeckTree } from '#importers/anki/deck_tree'
import { columnsOf, num, str, type Row, type SourceCollection, type Warnings } from '#importers/anki/source'

/*
 * The `cards` table into bundle cards with the learner's scheduling, lowest
 * ord first so a note's first card sets the note's deck. A card in a
 * filtered deck goes back to its home deck.
 */

const DAY_SECONDS = 86_400
/* a learning card's due is a unix time in seconds, an interday one a day number */
const TIMESTAMP_THRESHOLD = 1_000_000_000

export function readCards(
  db: DatabaseSync,
  source: SourceCollection,
  notes: Map<string, BundleNote>,
  tree: DeckTree,
  lastReview: Map<string, number>,
  warnings: Warnings
): { cards: BundleCard[]; cardKeys: Set<string> } {
  const cards: BundleCard[] = []
  const cardKeys = new Set<string>()
  let orphanCards = 0
  let homeless = 0
  const dataColumn = columnsOf(db, 'cards').has('data') ? 'data' : "'' AS data"
  const cardQuery = `SELECT CAST(id AS TEXT) AS id, CAST(nid AS TEXT) AS nid, CAST(did AS TEXT) AS did, CAST(odid AS TEXT) AS odid,
    ord, type, queue, due, odue, ivl, factor, reps, lapses, ${dataColumn} FROM cards ORDER BY nid, ord`
  for (const row of db.prepare(cardQuery).iterate() as Iterable<Row>) {
    const note = notes.get(str(row.nid))
    if (!note) {
      orphanCards++
      continue
    }
    const odid = str(row.odid)
    const home = source.decks.get(odid !== '0' && odid !== '' ? odid : str(row.did))
    if (!home || home.filtered) homeless++
    const deckKey = home && !home.filtered ? tree.keyOf(home) : tree.fallback()
    if (!note.deckKey) note.deckKey = deckKey
    const key = str(row.id)
    cardKeys.add(key)
    tree.use(deckKey)
    cards.push({ key, noteKey: note.key, ord: num(row.ord), deckKey, progress: progressOf(row, source.crt, lastReview.get(key)) })
  }
  warnings.add(orphanCards, `${orphanCards} card(s) without a readable note were skipped`)
  warnings.add(homeless, `${homeless} card(s) were in a deck missing from the package and were put in Default`)
  return { cards, cardKeys }
}

/** Notes none of whose cards could be read are left out. */
export function dropCardless(notes: Map<string, BundleNote>, warnings: Warnings) {
  let cardless = 0
  for (const [key, note] of notes) {
    if (!note.deckKey) {
      notes.delete(key)
      cardless++
    }
  }
  warnings.add(cardless, `${cardless} note(s) without cards were skipped`)
}

/* FSRS memory state and the last review time (seconds), as newer Ankis keep them in `cards.data` */
function parseCardData(text: string): { s: number | null; d: number | null; lrt: number | null } {
  const none = { s: null, d: null, lrt: null }
  if (!text || text[0] !== '{') return none
  try {
    const data = JSON.parse(text) as Record<string, unknown>
    const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)
    return { s: finite(data.s), d: finite(data.d), lrt: finite(data.lrt) }
  } catch {
    return none
  }
}

export function progressOf(card: Row, crt: number, lastReviewMs: number | undefined): BundleProgress | null {
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
    lastReviewedAt: lastReviewMs !== undefined ? new Date(lastReviewMs) : data.lrt !== null ? new Date(data.lrt * 1000) : null,
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
