/** What a deck needs for its search: its name and parent, among the decks of its tree. */
type TreeDeck = { id: number; name: string; parentId: number | null }

/**
 * The card browser's search for a deck and its subdecks: Anki's deck: takes
 * the full path (Parent::Child), with its wildcards and quotes escaped.
 */
export function deckSearch(deck: TreeDeck, tree: TreeDeck[]) {
  const byId = new Map(tree.map((item) => [item.id, item]))
  const names = [deck.name]
  let parent = deck.parentId ? byId.get(deck.parentId) : undefined
  for (let depth = 0; parent && depth < tree.length; depth++) {
    names.unshift(parent.name)
    parent = parent.parentId ? byId.get(parent.parentId) : undefined
  }
  return `deck:"${names.map((name) => name.replace(/[\\"*_]/g, '\\$&')).join('::')}"`
}
