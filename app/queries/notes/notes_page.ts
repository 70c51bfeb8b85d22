import type { Infer } from '@vinejs/vine/types'
import type Deck from '#models/deck'
import type User from '#models/user'
import { subtreeIds } from '#queries/decks/deck_tree'
import { listNotes, notesQuery } from '#queries/notes/list_notes'
import { loadNotes } from '#queries/notes/load_notes'
import type { listNotesValidator } from '#validators/content'
import { accessibleDeckIds, type CardSearch } from '#queries/cards/card_search'

/** GET notes' page size when the call gives none, and the web card list's. */
export const NOTES_PAGE_DEFAULT = 20

export type NoteFiltersInput = Infer<typeof listNotesValidator>

const filtersOf = (input: NoteFiltersInput) => ({
  query: input.query,
  learningState: input.learning_state,
  frozen: input.frozen,
  suspended: input.suspended,
})

/** The card list of a deck and its subdecks, filtered as asked and sorted as the deck remembers, from `offset`. */
export async function notesListPage(
  user: User,
  deck: Deck,
  input: NoteFiltersInput,
  offset: number,
  limit: number
) {
  const { rows, total } = await listNotes(user.id, {
    deckIds: await subtreeIds(deck.id),
    ...filtersOf(input),
    sortBy: deck.notesSortBy,
    order: deck.notesOrder,
    offset,
    limit,
  })
  const notes = await loadNotes(
    user,
    rows.map((row) => row.id),
    rows
  )
  return {
    notes,
    total,
    offset,
    limit,
    sortBy: deck.notesSortBy,
    order: deck.notesOrder,
    filters: input,
  }
}

export type NotesListPage = Awaited<ReturnType<typeof notesListPage>>

/**
 * One numbered page of the deck page's card list; a page past the end (its last notes just deleted) shows the
 * last page instead.
 */
export async function deckNotesPage(user: User, deck: Deck, input: NoteFiltersInput, page: number) {
  const limit = NOTES_PAGE_DEFAULT
  const first = await notesListPage(user, deck, input, (page - 1) * limit, limit)
  const last = Math.max(1, Math.ceil(first.total / limit))
  return page > last ? notesListPage(user, deck, input, (last - 1) * limit, limit) : first
}

/**
 * "Select all" with a search or filter on means the notes that match, not the whole deck (null: no filter, the
 * whole deck).
 */
export async function matchingNoteIds(user: User, deck: Deck, input: NoteFiltersInput) {
  const filters = filtersOf(input)
  if (
    !filters.query &&
    !filters.learningState &&
    filters.frozen === undefined &&
    filters.suspended === undefined
  )
    return null
  const rows = await notesQuery(user.id, { deckIds: await subtreeIds(deck.id), ...filters }).select(
    'n.id'
  )
  return rows.map((row) => row.id as number)
}

/**
 * GET notes with `search` (the card search language): the notes with a card
 * the search finds, in one deck (and its subdecks) or in every deck the
 * learner may see; sorted as asked, else as the deck remembers, else newest first.
 */
export async function searchedNotesPage(
  user: User,
  deck: Deck | null,
  input: NoteFiltersInput,
  search: CardSearch
) {
  const deckIds = deck ? await subtreeIds(deck.id) : await accessibleDeckIds(user)
  const sortBy = input.sort_by ?? deck?.notesSortBy ?? 'created_at'
  const order =
    (input.order?.toUpperCase() as 'ASC' | 'DESC' | undefined) ?? deck?.notesOrder ?? 'DESC'
  const offset = input.offset ?? 0
  const limit = input.limit ?? NOTES_PAGE_DEFAULT
  const { rows, total } = await listNotes(user.id, {
    deckIds,
    ...filtersOf(input),
    search,
    sortBy,
    order,
    offset,
    limit,
  })
  const notes = await loadNotes(
    user,
    rows.map((row) => row.id),
    rows
  )
  return { notes, total, offset, limit, sortBy, order, filters: input }
}
