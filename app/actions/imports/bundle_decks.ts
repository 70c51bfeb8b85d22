import Deck, { MAX_CARDS_PER_DECK } from '#models/deck'
import { roomIn } from '#actions/decks/card_limit'
import { createDeckRow } from '#actions/decks/deck_row'
import { flattenedPath, MAX_DECK_DEPTH } from '#actions/decks/deck_depth'
import { warnOnce, type BundleWrite } from '#actions/imports/bundle_context'

/**
 * The bundle's decks under the import's root: a single top deck is the root
 * itself (its own row is not written here: the job's counters are written
 * to it from outside this transaction). Each deck written counts in
 * `counts.decks`, the decks the import made besides its own (as the parts
 * of a split deck do). A deck below the depth limit is written at the
 * limit's level, named by its levels from there joined with "::"
 * (flattenedPath, deck_depth.ts), with its own notes; `counts.flattened`
 * and a warning say how many. Answers bundle deck key → deck id.
 */
export async function createDecks(write: BundleWrite) {
  const { root, source, trx } = write
  const created = new Map<string, Deck>()
  /*
   * each written deck's names from the level below the root down ([] for the root), and the deck its flattened
   * descendants go under
   */
  const lines = new Map<string, { names: string[]; anchor: Deck }>()
  const tops = source.decks.filter((deck) => deck.parentKey === null)
  if (tops.length === 1) {
    created.set(tops[0].key, root)
    lines.set(tops[0].key, { names: [], anchor: root })
  }
  let position = 0
  let flattened = 0
  const pending = source.decks.filter((deck) => !created.has(deck.key))
  /* parents before children, whatever order the reader listed them in */
  while (pending.length) {
    const index = pending.findIndex(
      (deck) => deck.parentKey === null || created.has(deck.parentKey)
    )
    if (index < 0) break
    const [deck] = pending.splice(index, 1)
    const above = deck.parentKey ? lines.get(deck.parentKey)! : { names: [], anchor: root }
    const names = [...above.names, deck.name || 'Deck']
    const placed = flattenedPath(names)
    const parent = placed.flattened
      ? above.anchor
      : deck.parentKey
        ? created.get(deck.parentKey)!
        : root
    const row = await createDeckRow(
      {
        userId: root.userId,
        parent,
        name: placed.path.at(-1)!,
        position: ++position,
        source: root.source,
      },
      trx
    )
    created.set(deck.key, row)
    /* the deck at the level above the limit's holds what is flattened below it */
    lines.set(deck.key, { names, anchor: names.length === MAX_DECK_DEPTH - 2 ? row : above.anchor })
    write.counts.decks++
    if (placed.flattened) flattened++
  }
  if (flattened) {
    write.counts.flattened = flattened
    write.warnings.push({ message: `too_deep:${MAX_DECK_DEPTH}:${flattened}` })
  }
  return new Map([...created].map(([key, deck]) => [key, deck.id]))
}

/**
 * Where new notes go: their deck, then numbered parts of it ("Spanish (2)",
 * a subdeck after its others) once the deck holds the card limit. A deck is
 * split, never cut.
 */
export class DeckParts {
  #parts = new Map<number, { deckId: number; cards: number }[]>()

  constructor(private write: BundleWrite) {}

  /** The deck a new note with `cards` cards goes into. */
  async place(deckId: number, cards: number) {
    const list = this.#parts.get(deckId) ?? [{ deckId, cards: 0 }]
    this.#parts.set(deckId, list)
    let last = list[list.length - 1]
    if (last.cards + cards > MAX_CARDS_PER_DECK) {
      last = { deckId: await this.#newPart(deckId, list.length + 1), cards: 0 }
      list.push(last)
    }
    last.cards += cards
    return last.deckId
  }

  async #newPart(deckId: number, number: number) {
    const { trx, counts, warnings } = this.write
    const base = await Deck.query({ client: trx }).where('id', deckId).firstOrFail()
    /* after the deck's other subdecks: nobody else adds to a deck being imported */
    const last = await trx.from('decks').where('parent_id', deckId).max('position as max').first()
    const part = await createDeckRow(
      {
        userId: this.write.user.id,
        parent: base,
        name: `${base.name} (${number})`,
        position: (Number(last?.max) || 0) + 1,
        source: base.source,
      },
      trx
    )
    counts.decks++
    warnings.push({ message: `split:${base.name}:${number}` })
    return part.id
  }
}

/**
 * Room in the learner's own decks, for the cards a note updated in place
 * adds there: checked under the deck's lock (card_limit.ts, taken once per
 * deck and held to the end). Cards that do not fit are left out and the
 * import says so.
 */
export class DeckRoom {
  #room = new Map<number, number>()

  constructor(private write: BundleWrite) {}

  async take(deckId: number, cards: number) {
    const { trx, warnings } = this.write
    if (!this.#room.has(deckId))
      this.#room.set(deckId, await roomIn(deckId, trx, { reservations: false }))
    if (this.#room.get(deckId)! < cards) {
      const full = await trx.from('decks').where('id', deckId).select('name').first()
      warnOnce(warnings, `cards_limit:${full.name}`)
      return false
    }
    this.#room.set(deckId, this.#room.get(deckId)! - cards)
    return true
  }
}
