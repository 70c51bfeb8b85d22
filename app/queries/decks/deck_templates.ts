import db from '@adonisjs/lucid/services/db'
import type Deck from '#models/deck'

/**
 * The spec's Deck `templatesIds`: the ids of the note templates (note types)
 * the deck's notes use, its subdecks' included (as its counts are), ascending.
 * One statement for the whole list, however many decks: each deck's own types,
 * then added to every ancestor among `decks`. Sets `$extras.templatesIds`.
 */
export async function loadTemplateIds(decks: Deck[]) {
  if (!decks.length) return
  const rows: { deck_id: number; note_type_id: number }[] = await db
    .from('notes')
    .whereIn(
      'deck_id',
      decks.map((deck) => deck.id)
    )
    .distinct('deck_id', 'note_type_id')
  const byId = new Map(decks.map((deck) => [deck.id, deck]))
  const types = new Map(decks.map((deck) => [deck.id, new Set<number>()]))
  for (const row of rows) {
    /* the deck and each ancestor in the list; a cycle cannot happen in a tree, the guard bounds it anyway */
    let deck = byId.get(row.deck_id)
    for (let depth = 0; deck && depth < 64; depth++) {
      types.get(deck.id)!.add(row.note_type_id)
      deck = deck.parentId === null ? undefined : byId.get(deck.parentId)
    }
  }
  for (const deck of decks)
    deck.$extras.templatesIds = [...types.get(deck.id)!].sort((a, b) => a - b)
}
