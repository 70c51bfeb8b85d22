import db from '@adonisjs/lucid/services/db'
import { createDeck } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import type User from '#models/user'
import { studyDay, studyDayBounds } from '#scheduling/study_day'

/*
 * Seeding for the streak and statistics tests. Decks and notes go through the
 * content actions; the study history (study days, review logs, progress) is
 * written directly, as the answer calls would have left it, so that every
 * figure can be checked against rows whose answer is known.
 */

const HOUR = 3_600_000

/* a user just created has not read back the column's default (0) */
const offsetOf = (user: User) => user.timezoneOffset ?? 0

/** The learner's study day now, as the server works it out. */
export const todayOf = (user: User) => studyDay(new Date(), offsetOf(user))

/** An instant inside a study day (an hour after it starts, or `minutes` after its start). */
export const during = (user: User, day: string, minutes = 60) =>
  new Date(studyDayBounds(day, offsetOf(user)).start.getTime() + (minutes / 60) * HOUR)

export async function deck(user: User, name: string, parentId?: number) {
  return createDeck(user, { name, parent_id: parentId })
}

/** FSRS is chosen on the root deck (algorithm_settings.scheduler). */
export async function useFsrs(deckId: number) {
  await db
    .from('decks')
    .where('id', deckId)
    .update({ algorithm_settings: JSON.stringify({ scheduler: 'fsrs' }) })
}

/** Basic notes with these fronts; returns their cards in the same order. */
export async function cards(user: User, deckId: number, fronts: string[]) {
  const notes = await bulkCreateNotes(user, {
    deck_id: deckId,
    import_data: fronts.map((front) => ({ front, back: `${front} (back)` })),
  })
  const rows = await db
    .from('cards')
    .whereIn(
      'note_id',
      notes.map((note) => note.id)
    )
    .select('id', 'note_id', 'deck_id')
  return notes.map((note) => {
    const row = rows.find((card) => card.note_id === note.id)!
    return { id: row.id as number, noteId: note.id, deckId: row.deck_id as number }
  })
}

/** study_days rows: day → cards studied. */
export async function studyDays(userId: number, days: Record<string, number>) {
  const rows = Object.entries(days).map(([day, count]) => ({
    user_id: userId,
    day,
    cards_studied: count,
  }))
  if (rows.length) await db.table('study_days').multiInsert(rows)
}

export interface LogInput {
  card: { id: number; deckId: number }
  day: string
  answer: 'again' | 'hard' | 'good' | 'easy' | 'study_again' | 'got_it'
  kind?: 'learn' | 'review' | 'relearn' | 'speed'
  intervalBefore?: number
  /** how many identical rows */
  times?: number
}

const RATING = { again: 1, hard: 2, good: 3, easy: 4, study_again: 1, got_it: 3 } as const

/** review_logs rows, one per answer, reviewed during their study day. */
export async function reviewLogs(user: User, logs: LogInput[]) {
  const rows = logs.flatMap((log) =>
    Array.from({ length: log.times ?? 1 }, (_, i) => ({
      user_id: user.id,
      card_id: log.card.id,
      deck_id: log.card.deckId,
      answer: log.answer,
      rating: RATING[log.answer],
      kind: log.kind ?? 'review',
      state_before: log.kind === 'learn' ? 'new' : 'review',
      interval_before: log.intervalBefore ?? 0,
      interval_after: 1,
      reviewed_at: during(user, log.day, 60 + i),
      study_day: log.day,
      source: 'session',
    }))
  )
  if (rows.length) await db.table('review_logs').multiInsert(rows)
}

export interface ProgressInput {
  card: { id: number; deckId: number }
  state: string
  dueAt: Date | null
  frozen?: boolean
  stability?: number | null
  difficulty?: number | null
  lastReviewedAt?: Date | null
  intervalDays?: number
}

export async function progress(userId: number, rows: ProgressInput[]) {
  const now = new Date()
  await db.table('card_progress').multiInsert(
    rows.map((row) => ({
      user_id: userId,
      card_id: row.card.id,
      deck_id: row.card.deckId,
      state: row.state,
      due_at: row.dueAt,
      frozen: row.frozen ?? false,
      interval_days: row.intervalDays ?? 10,
      ease_permille: 2500,
      reps: 3,
      stability: row.stability ?? null,
      difficulty: row.difficulty ?? null,
      last_reviewed_at: row.lastReviewedAt ?? null,
      created_at: now,
      updated_at: now,
    }))
  )
}

export async function streakColumns(userId: number) {
  const row = await db
    .from('users')
    .where('id', userId)
    .select(
      'streak_current',
      'streak_longest',
      'streak_total_active_days',
      'streak_freezes',
      db.raw(`to_char(streak_completed_on, 'YYYY-MM-DD') as streak_completed_on`),
      db.raw(`to_char(streak_shown_on, 'YYYY-MM-DD') as streak_shown_on`)
    )
    .first()
  return row
}
