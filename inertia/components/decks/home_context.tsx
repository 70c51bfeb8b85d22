import { createContext, useContext, useState, type ReactNode } from 'react'
import type { Data } from '~generated/data'
import { useHydrated } from '~/lib/use_hydrated'

type Folder = Data.Folder
type ListedDeck = Data.Deck.Variants['forList']
type PollingEntry = Data.DeckJob

export type HomeData = {
  decks: Map<number, ListedDeck>
  /** subdecks by parent id (main decks under null), in their order */
  children: Map<number | null, ListedDeck[]>
  folders: Folder[]
  folderColors: Folder['color'][]
  polling: Map<number, PollingEntry>
  expanded: Set<number>
  toggle: (id: number, open?: boolean) => void
  showDialog: (dialog: ReactNode) => void
  closeDialog: () => void
}

const HomeContext = createContext<HomeData | null>(null)
export const HomeProvider = HomeContext.Provider
export const useHome = () => useContext(HomeContext)!

/** The tree of a flat deck list: children by parent, siblings by position then id. */
export function childrenOf<T extends { id: number; parentId: number | null; position: number }>(
  decks: T[]
) {
  const ids = new Set(decks.map((deck) => deck.id))
  const children = new Map<number | null, T[]>()
  for (const deck of [...decks].sort((a, b) => a.position - b.position || a.id - b.id)) {
    const parent = deck.parentId && ids.has(deck.parentId) ? deck.parentId : null
    const siblings = children.get(parent)
    if (siblings) siblings.push(deck)
    else children.set(parent, [deck])
  }
  return children
}

/** A deck and all its subdecks. */
export function subtreeOf(children: Map<number | null, { id: number }[]>, id: number) {
  const ids = new Set<number>([id])
  const walk = (parent: number) =>
    children.get(parent)?.forEach((child) => (ids.add(child.id), walk(child.id)))
  walk(id)
  return ids
}

/**
 * A set of ids kept in localStorage (expanded decks, collapsed folders).
 * Empty on the server and at hydration, read once mounted.
 */
export function useStoredSet(key: string) {
  /* the set and the key it was read for: another key is read again, in render */
  const [held, setHeld] = useState<{ key: string | null; ids: Set<number> }>(() => ({
    key: null,
    ids: new Set(),
  }))
  const hydrated = useHydrated()
  if (hydrated && held.key !== key) setHeld({ key, ids: readStoredSet(key, held.ids) })
  const toggle = (id: number, open?: boolean) =>
    setHeld((previous) => {
      const next = new Set(previous.ids)
      if (open ?? !next.has(id)) next.add(id)
      else next.delete(id)
      localStorage.setItem(key, JSON.stringify([...next]))
      return { key, ids: next }
    })
  return [held.ids, toggle] as const
}

/** The ids stored under `key`; `fallback` for a broken entry. */
function readStoredSet(key: string, fallback: Set<number>) {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? '[]')
    if (Array.isArray(stored)) return new Set<number>(stored.filter((id) => typeof id === 'number'))
  } catch {
    /* a broken entry starts over */
  }
  return fallback
}

/** The list with `id` swapped with its neighbour in `group` (a sub-list of `all`), or null at an end. */
export function swapped(all: number[], group: number[], id: number, step: -1 | 1) {
  const neighbour = group[group.indexOf(id) + step]
  if (neighbour === undefined) return null
  return all.map((item) => (item === id ? neighbour : item === neighbour ? id : item))
}
