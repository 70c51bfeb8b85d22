import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Deck from '#models/deck'

export type HierarchyNode = {
  id: number
  rootDeckId: number
  children: HierarchyNode[]
}

/** The decks under each parent, in the given order; `parentOf` answers undefined for a deck to leave out. */
export function decksByParent<D, K>(decks: D[], parentOf: (deck: D) => K | undefined) {
  const byParent = new Map<K, D[]>()
  for (const deck of decks) {
    const parent = parentOf(deck)
    if (parent === undefined) continue
    const siblings = byParent.get(parent)
    if (siblings) siblings.push(deck)
    else byParent.set(parent, [deck])
  }
  return byParent
}

/** The nested tree (spec: hierarchy) of the given decks, siblings by position then id. */
export function hierarchyOf(decks: Deck[]): HierarchyNode[] {
  const ids = new Set(decks.map((deck) => deck.id))
  const byParent = decksByParent(decks, (deck) => (deck.parentId && ids.has(deck.parentId) ? deck.parentId : null))
  const build = (parent: number | null): HierarchyNode[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((deck) => ({ id: deck.id, rootDeckId: deck.rootDeckId ?? deck.id, children: build(deck.id) }))
  return build(null)
}

/* the ids of deck ? and all its subdecks, at any depth */
const SUBTREE = `with recursive tree as (
   select id from decks where id = ?
   union all
   select d.id from decks d join tree t on d.parent_id = t.id
 )`

/** The ids of a deck and all its subdecks, at any depth. */
export async function subtreeIds(deckId: number, trx?: TransactionClientContract): Promise<number[]> {
  const result = await (trx ?? db).rawQuery(`${SUBTREE} select id from tree`, [deckId])
  return result.rows.map((row: { id: number }) => row.id)
}

/** subtreeIds as a column of another statement (an int array named `as`), so a deck and its subtree come in one read. */
export function subtreeIdsColumn(deckId: number, as: string) {
  return db.raw(`(${SUBTREE} select array_agg(id) from tree) as ??`, [deckId, as])
}
