import type User from '#models/user'
import { createDeck } from '#actions/decks/create_deck'
import { deckByPath, deckPathParts, deckPaths } from '#queries/ankiconnect/deck_paths'
import ApiException from '#exceptions/api_exception'

/**
 * AnkiConnect's createDeck: the deck an Anki path names, made with every
 * missing deck above it (each through the product's createDeck: its depth
 * limit, its positions). A deck that exists is answered as it is.
 */
export async function createDeckPath(user: User, path: string) {
  const parts = deckPathParts(path)
  if (!parts.length) throw ApiException.of('E_VALIDATION_ERROR', { field: 'deck' })
  let paths = await deckPaths(user)
  let parentId: number | null = null
  for (let depth = 1; depth <= parts.length; depth++) {
    const prefix = parts.slice(0, depth).join('::')
    const existing = deckByPath(paths, prefix)
    if (existing) {
      parentId = existing.id
      continue
    }
    const deck = await createDeck(user, {
      name: parts[depth - 1].slice(0, 255),
      parent_id: parentId ?? undefined,
    } as Parameters<typeof createDeck>[1])
    parentId = deck.id
    paths = [
      ...paths,
      { id: deck.id, path: prefix, rootId: deck.rootDeckId ?? deck.id, parentId: deck.parentId },
    ]
  }
  return parentId!
}
