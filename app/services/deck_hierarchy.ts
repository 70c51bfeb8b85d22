import type Deck from '#models/deck'

/*
 * Decks as a tree, from the flat rows the queries read: pure, for the counters (deck_counters.ts) and the
 * transformers.
 */

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
  const byParent = decksByParent(decks, (deck) =>
    deck.parentId && ids.has(deck.parentId) ? deck.parentId : null
  )
  const build = (parent: number | null): HierarchyNode[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((deck) => ({
        id: deck.id,
        rootDeckId: deck.rootDeckId ?? deck.id,
        children: build(deck.id),
      }))
  return build(null)
}
