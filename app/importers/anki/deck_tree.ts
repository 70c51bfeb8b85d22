import type { BundleDeck } from '#importers/bundle'
import type { SourceDeck } from '#importers/anki/source'

/** A deck's levels from its full name: "::" in schema 11, "\x1f" in schema 18; no name is Default. */
export function splitDeckName(name: string, separator: string): string[] {
  const path = name
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean)
  return path.length ? path : ['Default']
}

export type DeckTree = ReturnType<typeof buildDeckTree>

/**
 * The deck tree from full names. Levels that exist only as part of a name
 * ("A::B" without a deck "A") become decks of their own. Deck names compare
 * case-insensitively, as Anki's do. Filtered decks are left out: their cards
 * go home.
 */
export function buildDeckTree(sourceDecks: Map<string, SourceDeck>) {
  const byPath = new Map<string, BundleDeck>()
  const idByPath = new Map<string, string>()
  const used = new Set<string>()
  const pathKey = (path: string[]) =>
    path.map((part) => part.normalize('NFC').toLowerCase()).join('\x1f')
  const normal = [...sourceDecks.values()].filter((deck) => !deck.filtered)
  for (const deck of normal)
    if (!idByPath.has(pathKey(deck.path))) idByPath.set(pathKey(deck.path), deck.id)

  /*
   * Makes the levels of `path` not made yet, from the deepest one that is:
   * with the decks added shortest name first that is the parent, so a deep
   * tree costs the length of its names, not the square of its depth.
   */
  const add = (path: string[]): string => {
    const parts = path.map((part) => part.normalize('NFC').toLowerCase())
    const keyAt = (depth: number) => parts.slice(0, depth).join('\x1f')
    let depth = path.length
    while (depth > 0 && !byPath.has(keyAt(depth))) depth--
    let parentKey: string | null = depth ? byPath.get(keyAt(depth))!.key : null
    for (depth++; depth <= path.length; depth++) {
      const key = keyAt(depth)
      const deck: BundleDeck = {
        key: idByPath.get(key) ?? `path:${path.slice(0, depth).join('::')}`,
        name: path[depth - 1],
        parentKey,
      }
      byPath.set(key, deck)
      parentKey = deck.key
    }
    return parentKey!
  }
  for (const deck of normal.sort((a, b) => a.path.length - b.path.length)) add(deck.path)

  let fallbackDeck: string | null = null
  return {
    add,
    keyOf: (deck: SourceDeck) => byPath.get(pathKey(deck.path))!.key,
    use: (key: string) => used.add(key),
    /** where a card whose deck is missing (or filtered with no home) goes: Anki's Default, made when needed */
    fallback(): string {
      if (!fallbackDeck) {
        const existing = sourceDecks.get('1')
        fallbackDeck = existing && !existing.filtered ? '1' : add(['Default'])
      }
      return fallbackDeck
    },
    /* Anki's Default deck (id 1) always exists; it is dropped when nothing is in or under it */
    decks(): BundleDeck[] {
      const all = [...byPath.values()]
      return all.filter(
        (deck) => deck.key !== '1' || used.has('1') || all.some((other) => other.parentKey === '1')
      )
    },
  }
}
