import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { searchedCards, type CardSearch } from '#queries/cards/card_search'

type NoteSortBy = 'next_review_at' | 'created_at' | 'alphabetical'
type NoteLearningState = 'new' | 'learning' | 'graduated' | 'study_again' | 'got_it'

export interface NoteFilters {
  deckIds: number[]
  query?: string
  learningState?: NoteLearningState
  frozen?: boolean
  /** true: notes with a card this learner removed from study; false: notes wholly in study */
  suspended?: boolean
  noteIds?: number[]
  /** the card search language (GET notes?search): notes with at least one card it finds */
  search?: CardSearch
}

export interface NoteListOptions extends NoteFilters {
  sortBy: NoteSortBy
  order: 'ASC' | 'DESC'
  offset: number
  limit: number
}

export interface NoteRow {
  id: number
  cardsCount: number
  nextReviewAt: Date | null
  isFrozen: boolean
  learningState: NoteLearningState
  /** the note's cards this learner removed from study (suspended) */
  suspendedCardsCount: number
}

/* one learner's view of each note: its cards' states folded into one (two bindings: the learner's id) */
const PER_NOTE = `
  select count(*)::int as cards_count,
    min(p.due_at) filter (where p.state <> 'new' and not p.frozen and s.card_id is null) as next_review_at,
    coalesce(bool_or(p.frozen), false) as is_frozen,
    count(s.card_id)::int as suspended_count,
    case
      when bool_or(p.state in ('learning', 'relearning')) then 'learning'
      when bool_or(p.state = 'study_again') then 'study_again'
      when bool_and(coalesce(p.state, 'new') = 'new') then 'new'
      when bool_and(p.state = 'got_it') then 'got_it'
      else 'graduated'
    end as learning_state
  from cards c left join card_progress p on p.card_id = c.id and p.user_id = ?
    left join card_suspensions s on s.card_id = c.id and s.user_id = ?
  where c.note_id = n.id`

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/** The filtered notes of some decks, with this learner's state per note. */
export function notesQuery(userId: number, filters: NoteFilters, trx?: TransactionClientContract) {
  const query = (trx ?? db)
    .from('notes as n')
    .joinRaw(`cross join lateral (${PER_NOTE}) as agg`, [userId, userId])
    .whereIn('n.deck_id', filters.deckIds)
  const text = filters.query?.trim().toLowerCase()
  if (text) query.whereRaw(`n.search_text like ? escape '\\'`, [`%${escapeLike(text)}%`])
  if (filters.learningState) query.where('agg.learning_state', filters.learningState)
  if (filters.frozen !== undefined) query.where('agg.is_frozen', filters.frozen)
  if (filters.suspended !== undefined)
    query.whereRaw(filters.suspended ? 'agg.suspended_count > 0' : 'agg.suspended_count = 0')
  if (filters.noteIds) query.whereIn('n.id', filters.noteIds)
  if (filters.search)
    query.whereIn(
      'n.id',
      searchedCards(filters.search, { deckIds: filters.deckIds }).select('c.note_id')
    )
  return query
}

/** One page of notes and the total, ordered with a tiebreaker on id so pages never swap rows. */
export async function listNotes(userId: number, options: NoteListOptions) {
  const direction = options.order === 'ASC' ? 'asc' : 'desc'
  const query = notesQuery(userId, options)
    .select(NOTE_ROW_COLUMNS)
    .select(db.raw('count(*) over() as total'))
  if (options.sortBy === 'next_review_at')
    query.orderByRaw(`agg.next_review_at ${direction} nulls last`)
  else if (options.sortBy === 'alphabetical') query.orderBy('n.sort_text', direction)
  else query.orderBy('n.created_at', direction)
  const rows = await query.orderBy('n.id', direction).offset(options.offset).limit(options.limit)
  return {
    total: rows.length ? Number(rows[0].total) : await countAll(userId, options, options.offset),
    rows: rows.map(noteRow),
  }
}

/** A row of notesQuery (selected with NOTE_ROW_COLUMNS) as a NoteRow. */
export function noteRow(row: Record<string, any>): NoteRow {
  return {
    id: row.id,
    cardsCount: row.cards_count,
    nextReviewAt: row.next_review_at,
    isFrozen: row.is_frozen,
    learningState: row.learning_state,
    suspendedCardsCount: row.suspended_count,
  }
}

export const NOTE_ROW_COLUMNS = [
  'n.id',
  'agg.cards_count',
  'agg.next_review_at',
  'agg.is_frozen',
  'agg.learning_state',
  'agg.suspended_count',
]

/* a page past the end has no row to carry the total */
async function countAll(userId: number, filters: NoteFilters, offset: number) {
  if (offset === 0) return 0
  const row = await notesQuery(userId, filters).count('* as count').first()
  return Number(row.count)
}
