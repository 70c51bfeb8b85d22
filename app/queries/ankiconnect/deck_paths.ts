import db from '@adonisjs/lucid/services/db'
import { SHARED_WITH } from '#models/deck'
import { decksByParent } from '#services/deck_hierarchy'

/*
 * Anki names a deck by its path, `Parent::Child`; Mnemo nests subdecks. The
 * learner's decks (their own and the shared trees they take part in) by
 * path, for the AnkiConnect door. Two decks with one path (two roots named
 * alike): the older answers for it.
 */

export interface DeckPath {
  id: number
  path: string
  rootId: number
  parentId: number | null
}

/** Anki's `::` path split into its deck names (spaces around each trimmed, empty parts dropped as Anki does). */
export const deckPathParts = (path: string) =>
  path
    .split('::')
    .map((part) => part.trim())
    .filter(Boolean)

/** Every deck the learner may see, by path, in path order. */
export async function deckPaths(user: { id: number }): Promise<DeckPath[]> {
  const rows: Array<{
    id: number
    name: string
    parent_id: number | null
    root_deck_id: number | null
  }> = await db
    .from('decks')
    .where((access) => access.where('decks.user_id', user.id).orWhereRaw(SHARED_WITH, [user.id]))
    .select('id', 'name', 'parent_id', 'root_deck_id')
    .orderBy('id')
  const byId = new Map(rows.map((row) => [row.id, row]))
  const pathOf = (id: number, seen = 0): string => {
    const row = byId.get(id)!
    const parent = row.parent_id !== null ? byId.get(row.parent_id) : undefined
    return parent && seen < 50 ? `${pathOf(parent.id, seen + 1)}::${row.name}` : row.name
  }
  const paths = rows.map((row) => ({
    id: row.id,
    path: pathOf(row.id),
    rootId: row.root_deck_id ?? row.id,
    parentId: row.parent_id,
  }))
  return paths.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.id - b.id))
}

/** The deck a path names (compared as Anki does: parts trimmed, case aside), or null. */
export function deckByPath(paths: DeckPath[], path: string) {
  const wanted = deckPathParts(path).join('::').toLowerCase()
  let found: DeckPath | null = null
  for (const deck of paths) {
    if (deckPathParts(deck.path).join('::').toLowerCase() !== wanted) continue
    if (!found || deck.id < found.id) found = deck
  }
  return found
}

/** A deck and every deck under it (the subdecks through services/deck_hierarchy.ts). */
export function subtreeOf(paths: DeckPath[], id: number) {
  const children = decksByParent(paths, (deck) => deck.parentId ?? undefined)
  const ids = new Set([id])
  for (const parent of ids) for (const child of children.get(parent) ?? []) ids.add(child.id)
  return [...ids]
}
