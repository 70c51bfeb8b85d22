import db from '@adonisjs/lucid/services/db'
import { searchedCards, type CardSearch, type SearchScope } from '#queries/cards/card_search'
import { noteTypesById } from '#queries/notes/note_types_by_id'
import type NoteType from '#models/note_type'
import { cardLabel } from '#note_types/cards'
import { fieldTexts, sortField } from '#note_types/plain_text'
import type { CardLabel } from '#note_types/types'

/** The card browser's sortable columns, and the SQL each sorts by (never user text). */
const BROWSER_SORTS = {
  sort_field: 'n.sort_text',
  /* the card of its note: its template, cloze or mask group (ord) */
  card: 'c.ord',
  due: 'p.due_at',
  interval: 'coalesce(p.interval_days, 0)',
  ease: 'coalesce(p.difficulty, p.ease_permille / 1000.0, 0)',
  lapses: 'coalesce(p.lapses, 0)',
  reviews: 'coalesce(p.reps, 0)',
  added: 'c.created_at',
  modified: 'n.updated_at',
  deck: 'lower(d.name)',
} as const

export type BrowserSort = keyof typeof BROWSER_SORTS

export interface BrowseOptions {
  sort: BrowserSort
  order: 'asc' | 'desc'
  offset: number
  limit: number
}

export interface BrowsedCard {
  id: number
  noteId: number
  deckId: number
  rootDeckId: number
  /** the tree's algorithm preset: a move to another resets progress */
  rootPreset: string
  deckName: string
  ord: number
  /** the note's sort field as it reads (case kept) */
  sortField: string
  /** which card of its note it is; null if its note type cannot be read */
  label: CardLabel | null
  /** a custom note type names its cards itself (its templates' names) */
  customType: boolean
  state: string
  isFrozen: boolean
  isSuspended: boolean
  dueAt: Date | null
  intervalDays: number
  ease: number | null
  difficulty: number | null
  lapses: number
  reps: number
  createdAt: Date
  updatedAt: Date
}

const COLUMNS = [
  'c.id',
  'c.note_id',
  'c.deck_id',
  'c.ord',
  'c.created_at',
  'd.name as deck_name',
  'n.sort_text',
  'n.updated_at',
  'n.note_type_id',
  'n.fields',
  db.raw('coalesce(d.root_deck_id, d.id) as root_deck_id'),
  db.raw(
    '(select r.algorithm_preset from decks r where r.id = coalesce(d.root_deck_id, d.id)) as root_preset'
  ),
  db.raw(`coalesce(p.state, 'new') as state`),
  db.raw('coalesce(p.frozen, false) as is_frozen'),
  db.raw('s.card_id is not null as is_suspended'),
  'p.due_at',
  'p.interval_days',
  'p.ease_permille',
  'p.difficulty',
  'p.lapses',
  'p.reps',
  db.raw('count(*) over() as total'),
]

function browsedCard(row: Record<string, any>, noteType: NoteType | undefined): BrowsedCard {
  const definition = noteType?.definition
  return {
    id: row.id,
    noteId: row.note_id,
    deckId: row.deck_id,
    rootDeckId: row.root_deck_id,
    rootPreset: row.root_preset,
    deckName: row.deck_name,
    ord: row.ord,
    /* sort_text is lower-cased (a key to sort and match by): the row shows the field as written */
    sortField: definition ? sortField(fieldTexts(definition, row.fields)) : row.sort_text,
    label: definition ? cardLabel(definition, row.ord) : null,
    customType: definition?.kind === 'custom',
    state: row.state,
    isFrozen: row.is_frozen,
    isSuspended: row.is_suspended,
    dueAt: row.state === 'new' ? null : row.due_at,
    intervalDays: Number(row.interval_days ?? 0),
    ease: row.ease_permille ? row.ease_permille / 1000 : null,
    difficulty: row.difficulty === null ? null : Number(row.difficulty),
    lapses: row.lapses ?? 0,
    reps: row.reps ?? 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** The one statement of a browser page (bench/card_search.ts explains it). */
export function browseStatement(search: CardSearch, scope: SearchScope, options: BrowseOptions) {
  const direction = options.order === 'asc' ? 'asc' : 'desc'
  return searchedCards(search, scope)
    .select(COLUMNS)
    .orderByRaw(`${BROWSER_SORTS[options.sort]} ${direction} nulls last`)
    .orderBy('c.id', direction)
    .offset(options.offset)
    .limit(options.limit)
}

/**
 * One page of the cards a search finds, sorted by a column (ties by card id,
 * so pages never swap rows), and how many there are in all: one query, then
 * one for the page's note types (which name the cards and order the fields).
 */
export async function browseCards(search: CardSearch, scope: SearchScope, options: BrowseOptions) {
  const rows = await browseStatement(search, scope, options)
  const total = rows.length
    ? Number(rows[0].total)
    : options.offset === 0
      ? 0
      : await countCards(search, scope)
  const types = await noteTypesById(rows.map((row) => row.note_type_id))
  return {
    cards: rows.map((row) => browsedCard(row, types.get(row.note_type_id))),
    total,
    offset: options.offset,
    limit: options.limit,
  }
}

/* a page past the end has no row to carry the total */
async function countCards(search: CardSearch, scope: SearchScope) {
  const row = await searchedCards(search, scope).count('* as count').first()
  return Number(row.count)
}

export type BrowsedPage = Awaited<ReturnType<typeof browseCards>>
