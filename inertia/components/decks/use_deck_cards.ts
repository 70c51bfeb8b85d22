import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { router } from '@inertiajs/react'
import { urlFor } from '~/lib/routes'
import type { Selection } from '~/components/decks/bulk_actions'
import type { Note, NotesPage } from '~/components/decks/types'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forPage']

const SEARCH_DELAY = 350

export type CardsParams = {
  query?: string
  learning_state?: string
  frozen?: boolean
  suspended?: boolean
  sort_by?: string
  order?: string
  page?: number
}

/**
 * The cards tab's list as the server filters it: a visit keeps the search
 * and filters shown and changes what it is given; the search waits for a
 * pause in typing, and spaces around it do not count.
 */
export function useCardsQuery(deck: Deck, notes: NotesPage) {
  const [search, setSearch] = useState(notes.query)

  const visit = (changes: CardsParams) => {
    const params: CardsParams = {
      query: notes.query || undefined,
      learning_state: notes.learningState ?? undefined,
      frozen: notes.frozen ?? undefined,
      suspended: notes.suspended ?? undefined,
      ...changes,
    }
    router.get(
      urlFor('decks.show', { id: deck.id }),
      { tab: 'cards', ...params },
      { preserveState: true, preserveScroll: true, replace: true, only: ['notes'] }
    )
  }

  /* typing is what waits; the list shown and its visit are read when the pause comes */
  const searchFor = useEffectEvent((query: string) => {
    if (query !== notes.query) visit({ query: query || undefined, page: undefined })
  })
  useEffect(() => {
    const query = search.trim()
    const timer = setTimeout(() => searchFor(query), SEARCH_DELAY)
    return () => clearTimeout(timer)
  }, [search])

  return {
    search,
    setSearch,
    visit,
    filtered: Boolean(
      notes.query || notes.learningState || notes.frozen !== null || notes.suspended !== null
    ),
  }
}

export type CardsQuery = ReturnType<typeof useCardsQuery>

/**
 * The notes checked for the bulk actions: some on this page (kept across
 * pages), or all that match (`all`). Another search or filter clears it.
 */
export function useNoteSelection(notes: NotesPage) {
  const [selected, setSelected] = useState<Map<number, Note>>(() => new Map())
  const [all, setAll] = useState(false)
  const pageBox = useRef<HTMLInputElement>(null)
  const items = notes.items

  const filterKey = `${notes.query}|${notes.learningState}|${notes.frozen}|${notes.suspended}`
  const clear = () => {
    setSelected(new Map())
    setAll(false)
  }
  /* in render: the old selection is never shown with the new list */
  const [filteredBy, setFilteredBy] = useState(filterKey)
  if (filteredBy !== filterKey) {
    setFilteredBy(filterKey)
    clear()
  }

  const pageChecked = items.length > 0 && (all || items.every((note) => selected.has(note.id)))
  const somePageChecked = !pageChecked && items.some((note) => selected.has(note.id))
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = somePageChecked
  }, [somePageChecked])

  const check = (note: Note, on: boolean) => {
    const next = new Map(all ? items.map((item) => [item.id, item]) : selected)
    if (on) next.set(note.id, note)
    else next.delete(note.id)
    setAll(false)
    setSelected(next)
  }
  const checkPage = (on: boolean) => {
    const next = new Map(all ? [] : selected)
    for (const note of items) on ? next.set(note.id, note) : next.delete(note.id)
    setAll(false)
    setSelected(next)
  }
  const selection: Selection = {
    all,
    notes: all ? items : [...selected.values()],
    count: all ? notes.total : selected.size,
  }

  return {
    selection,
    pageBox,
    pageChecked,
    isChecked: (note: Note) => all || selected.has(note.id),
    check,
    checkPage,
    selectAll: () => setAll(true),
    clear,
  }
}

export type NoteSelection = ReturnType<typeof useNoteSelection>
