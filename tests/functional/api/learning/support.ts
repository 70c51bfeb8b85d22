import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { basicNote, createDeck, signIn, type Session } from '#tests/support/content'
import { studyDay, studyDayBounds } from '#scheduling/study_day'

/*
 * Shared setup of the learning API tests: a learner with a deck of basic
 * notes, and the learning calls as the apps make them.
 */

export async function learnerWithDeck(
  client: ApiClient,
  cards: number,
  overrides: Parameters<typeof signIn>[0] = {}
) {
  const session = await signIn(overrides)
  const deck = await createDeck(client, session.token, { name: 'Study deck' })
  const notes = []
  for (let index = 1; index <= cards; index++)
    notes.push(
      await basicNote(client, session.token, deck.id, `Question ${index}`, `Answer ${index}`)
    )
  return { ...session, deck, notes }
}

export async function start(client: ApiClient, session: Session, deckId: number) {
  const response = await client
    .get('/api/v2/learning/start')
    .bearerToken(session.token)
    .qs({ deck_id: deckId, learn_session_start_timestamp: Date.now() })
  if (response.status() !== 200) throw new Error(`start: ${response.status()} ${response.text()}`)
  return response.body()
}

export function answerRequest(
  client: ApiClient,
  session: Session,
  deckId: number,
  card: { id: number; version: number },
  rating: string,
  durationMs = 4000
) {
  return client.post('/api/v2/learning/answer').bearerToken(session.token).json({
    deck_id: deckId,
    card_id: card.id,
    answer: rating,
    review_duration_ms: durationMs,
    version: card.version,
  })
}

export async function answer(
  client: ApiClient,
  session: Session,
  deckId: number,
  card: { id: number; version: number },
  rating: string
) {
  const response = await answerRequest(client, session, deckId, card, rating)
  if (response.status() !== 200)
    throw new Error(`answer ${rating}: ${response.status()} ${response.text()}`)
  return response.body()
}

export async function progressRow(userId: number, cardId: number) {
  return db.from('card_progress').where({ user_id: userId, card_id: cardId }).first()
}

export async function reviewCount(userId: number, cardId?: number) {
  const query = db.from('review_logs').where('user_id', userId)
  if (cardId) query.where('card_id', cardId)
  return Number((await query.count('* as n').first()).n)
}

export async function studiedOn(userId: number, day: string) {
  const row = await db.from('study_days').where({ user_id: userId, day }).first()
  return row ? Number(row.cards_studied) : 0
}

/** A card of the deck put straight into review (the state a long history leaves), for the review-path tests. */
export async function makeReviewCard(
  userId: number,
  cardId: number,
  values: { intervalDays: number; ease: number; lapses?: number; dueAt?: Date }
) {
  const card = await db.from('cards').where('id', cardId).first()
  const now = new Date()
  await db
    .table('card_progress')
    .insert({
      user_id: userId,
      card_id: cardId,
      deck_id: card.deck_id,
      state: 'review',
      due_at: values.dueAt ?? now,
      interval_days: values.intervalDays,
      ease_permille: Math.round(values.ease * 1000),
      step: 0,
      reps: 10,
      lapses: values.lapses ?? 0,
      last_reviewed_at: new Date(now.getTime() - values.intervalDays * 86_400_000),
      created_at: now,
      updated_at: now,
    })
    .onConflict(['user_id', 'card_id'])
    .merge()
}

export async function cardIdsOf(deckId: number) {
  return (await db.from('cards').where('deck_id', deckId).orderBy('id').select('id')).map(
    (row) => row.id as number
  )
}

/**
 * The moment a run of answers `spanMinutes` long starts, about `minutesAgo` minutes ago (at least the span),
 * so that the whole run is past and on one study day (a UTC learner's, from 04:00): then, or, when that would
 * cross the day's beginning, in the last minutes of the day before. Answers `Date.now() - 30 minutes` put
 * on one day split across two in a run at 04:30.
 */
export function oneStudyDayAgo(minutesAgo: number, spanMinutes: number) {
  const minute = 60_000
  const begins = Date.now() - minutesAgo * minute
  const dayBegan = studyDayBounds(studyDay(new Date(), 0), 0).start.getTime()
  return begins >= dayBegan ? begins : dayBegan - (spanMinutes + 10) * minute
}
