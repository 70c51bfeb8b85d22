import db from '@adonisjs/lucid/services/db'
import { createDeck } from '#actions/decks/create_deck'
import { createNote } from '#actions/notes/create_note'
import type User from '#models/user'
import NoteType from '#models/note_type'
import { makeUser } from '#tests/support/helpers'

/*
 * Setup of the unit tests of the learning, notes and study actions and
 * queries: they call them directly (no HTTP), on the test database.
 */

export const noteTypeId = async (kind: string) =>
  (await NoteType.query().whereNull('user_id').where('kind', kind).firstOrFail()).id

/** A learner (premium unless told: no daily limit) with a deck of `cards` basic notes. */
export async function learnerWithDeck(
  cards: number,
  { premium = true, ...overrides }: Parameters<typeof makeUser>[0] & { premium?: boolean } = {}
) {
  const user = await makeUser(overrides)
  if (premium) {
    user.isPremium = true
    await user.save()
  }
  const deck = await createDeck(user, { name: 'Study deck' })
  const basic = await noteTypeId('basic')
  const notes = []
  for (let index = 1; index <= cards; index++) {
    notes.push(
      await createNote(user, {
        deck_id: deck.id,
        template_id: basic,
        fields: { Front: `Question ${index}`, Back: `Answer ${index}` },
      })
    )
  }
  /* as a request finds the learner: the columns' defaults read back */
  await user.refresh()
  return { user, deck, notes }
}

export async function cardIdsOf(deckId: number) {
  return (await db.from('cards').where('deck_id', deckId).orderBy('id').select('id')).map(
    (row) => row.id as number
  )
}

export async function progressRow(userId: number, cardId: number) {
  return db.from('card_progress').where({ user_id: userId, card_id: cardId }).first()
}

export async function reviewCount(userId: number) {
  return Number((await db.from('review_logs').where('user_id', userId).count('* as n').first()).n)
}

export async function studiedOn(userId: number, day: string) {
  const row = await db.from('study_days').where({ user_id: userId, day }).first()
  return row ? Number(row.cards_studied) : 0
}

/** The learner's row as stored, the columns the streak and the counters live in. */
export async function learnerColumns(user: User) {
  return db
    .from('users')
    .where('id', user.id)
    .select(
      'streak_current',
      'streak_longest',
      'streak_total_active_days',
      'streak_freezes',
      'streak_completed_on',
      'stats_cards_studied',
      'updated_at'
    )
    .first()
}
