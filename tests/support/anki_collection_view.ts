import { createHash } from 'node:crypto'
import type { AnkiPackage } from '#tests/support/anki_package'

/*
 * What of an Anki collection a round trip through Mnemo must give back,
 * field by field, keyed by what survives (note guids, card template ords,
 * names) rather than by the ids Mnemo renumbers (decks; a model, note or
 * card id is kept where Mnemo keeps it). Decision 0092 lists what is left
 * out and why:
 *
 * - `mod` and `usn` everywhere (the export's own time, never synced);
 * - a model's `did` (a deck id, renumbered);
 * - filtered decks: Mnemo has none, their cards are compared in their home
 *   deck with their original due (`odid`/`odue`);
 * - a new card's `due` (its position): Mnemo introduces new cards in its
 *   own order and writes positions 1..n in it (newCardOrder checks that);
 *   a learning card's `left` (the steps left today) is not kept;
 * - `lrt` in a card's data (the last answer's time, which the review
 *   history gives back anyway);
 * - media no note or template uses (add-on data), and files that are not
 *   the media their names say, which Mnemo never stores (the import warns
 *   about both; the notes keep their references).
 *
 * Review due days are compared as the learner's study days: day n of a
 * collection is n study days after the one holding `crt`, in the learner's
 * time zone and from the rollover hour (4:00), as Anki counts them.
 */

type Row = Record<string, any>

const ROLLOVER_HOURS = 4
const DAY_MS = 86_400_000

/** The learner's study day (YYYY-MM-DD) holding `ms`: written here, not taken from the product. */
export function learnerDay(ms: number, offsetMinutes: number) {
  return new Date(ms + (offsetMinutes - ROLLOVER_HOURS * 60) * 60_000).toISOString().slice(0, 10)
}

const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)

const withoutKeys = (row: Row, keys: string[]): Row =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)))

function dataOf(text: string) {
  if (!text || text[0] !== '{') return {}
  return withoutKeys(JSON.parse(text), ['lrt'])
}

function usedFile(pkg: AnkiPackage, name: string) {
  return (
    pkg.notes.some((note) => String(note.flds).includes(name)) ||
    Object.values(pkg.models).some((model) =>
      [model.css, ...model.tmpls.flatMap((t: Row) => [t.qfmt, t.afmt])].some((text) =>
        String(text).includes(name)
      )
    )
  )
}

/** `leftOut`: files the import reported it could not keep (not the media their names say). */
export function collectionView(
  pkg: AnkiPackage,
  offsetMinutes: number,
  options: { leftOut?: string[] } = {}
) {
  const crtDay = learnerDay(Number(pkg.col.crt) * 1000, offsetMinutes)
  const deckName = (id: unknown) => String(pkg.decks[String(id)]?.name ?? `missing ${id}`)
  const notes = new Map(pkg.notes.map((note) => [String(note.id), note]))
  const cardKey = (card: Row) => `${notes.get(String(card.nid))?.guid}#${card.ord}`
  const byId = new Map(pkg.cards.map((card) => [String(card.id), card]))
  const dueOf = (card: Row) => {
    const due = card.odid ? card.odue : card.due
    if (card.type === 0) return { new: true }
    if (card.type === 2 || card.queue === 3 || due < 1_000_000_000)
      return { day: plusDays(crtDay, due) }
    return { at: due }
  }
  const used = new Set(pkg.cards.map((card) => String(card.odid || card.did)))
  return {
    /* the models the notes use (a deck's package carries those, in Anki as in Mnemo), ids as numbers */
    models: Object.values(pkg.models)
      .filter((model) => pkg.notes.some((note) => String(note.mid) === String(model.id)))
      .map((model): Row => ({
        ...withoutKeys(model, ['mod', 'usn', 'did', 'tmpls']),
        id: Number(model.id),
        tmpls: model.tmpls.map((template: Row) => withoutKeys(template, ['did'])),
      }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    /* the normal decks that hold cards (Default only then) */
    decks: Object.values(pkg.decks)
      .filter((deck) => !deck.dyn && used.has(String(deck.id)))
      .map((deck) => deck.name)
      .sort(),
    notes: pkg.notes
      .map((note): Row => ({
        ...withoutKeys(note, ['mod', 'usn', 'mid']),
        model: pkg.models[String(note.mid)]?.name,
      }))
      .sort((a, b) => String(a.guid).localeCompare(String(b.guid))),
    cards: pkg.cards
      .map((card) => ({
        key: cardKey(card),
        id: card.id,
        deck: deckName(card.odid || card.did),
        type: card.type,
        queue: card.queue,
        ...dueOf(card),
        ivl: card.ivl,
        factor: card.factor,
        reps: card.reps,
        lapses: card.lapses,
        flags: card.flags,
        data: dataOf(card.data),
      }))
      .sort((a, b) => a.key.localeCompare(b.key)),
    revlog: pkg.revlog.map((answer) => ({
      ...withoutKeys(answer, ['cid', 'usn']),
      card: cardKey(byId.get(String(answer.cid)) ?? {}),
    })),
    /* the files notes or templates use: others are add-on data Anki's own check calls unused */
    media: [...pkg.media]
      .filter(([name]) => !options.leftOut?.includes(name) && usedFile(pkg, name))
      .map(([name, bytes]) => [name, createHash('sha1').update(bytes).digest('hex')])
      .sort((a, b) => a[0].localeCompare(b[0])),
  }
}

/** The note ids (creation times) and ords of the new cards, in the order of their positions. */
export function newCardOrder(pkg: AnkiPackage) {
  return pkg.cards
    .filter((card) => card.type === 0)
    .sort((a, b) => (a.odid ? a.odue : a.due) - (b.odid ? b.odue : b.due))
    .map((card) => [card.nid, card.ord])
}
