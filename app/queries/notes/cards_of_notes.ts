import db from '@adonisjs/lucid/services/db'
import Card from '#models/card'
import type User from '#models/user'
import type Deck from '#models/deck'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'

export const CARDS_PAGE = 50

/**
 * GET notes/cards: every card of the given notes (or of the deck and its
 * subdecks), a page from `offset`, with its note and this learner's progress
 * loaded, and which of them the learner removed from study (CardTransformer shapes them).
 */
export async function cardsOfNotes(user: User, deckId: unknown, noteIds: number[] | undefined, offset: number) {
  return cardsPage(user, await findDeck(user, deckId), noteIds, offset, CARDS_PAGE)
}

/** A page of the cards of a deck the caller has found (cardsOfNotes, a shared deck's link). */
export async function cardsPage(user: { id: number }, deck: Deck, noteIds: number[] | undefined, offset: number, limit: number) {
  const query = Card.query()
    .whereIn('deck_id', await subtreeIds(deck.id))
    .preload('note', (note) => note.preload('noteType'))
    .preload('progress', (progress) => progress.where('user_id', user.id))
    .orderBy('note_id').orderBy('ord').orderBy('id')
    .offset(offset).limit(limit)
  if (noteIds) query.whereIn('note_id', noteIds)
  const cards = await query
  const suspended = new Set(
    (await db.from('card_suspensions').where('user_id', user.id).whereIn('card_id', cards.map((card) => card.id)).select('card_id')).map((row) => row.card_id as number)
  )
  return { deck, cards, suspended, offset, limit }
}

export type CardsOfNotes = Awaited<ReturnType<typeof cardsPage>>
