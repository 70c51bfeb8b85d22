import db from '@adonisjs/lucid/services/db'
import Card from '#models/card'
import type User from '#models/user'
import type Deck from '#models/deck'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { searchedCards, type CardSearch } from '#queries/cards/card_search'
import { cardMarks, suspendedAmong } from '#queries/learning/card_marks'

const CARDS_PAGE = 50

/**
 * GET notes/cards: every card of the given notes (or of the deck and its
 * subdecks; with `search`, the cards the search finds there or in every
 * deck), a page from `offset`, with its note and this learner's progress
 * loaded, which of them the learner removed from study, flagged or buried (CardTransformer shapes them).
 */
export async function cardsOfNotes(
  user: User,
  deckId: unknown,
  noteIds: number[] | undefined,
  offset: number,
  search?: CardSearch
) {
  if (!search) return cardsPage(user, await findDeck(user, deckId), noteIds, offset, CARDS_PAGE)
  const deck = deckId === undefined ? null : await findDeck(user, deckId)
  const scope = deck ? { deckIds: await subtreeIds(deck.id) } : { userId: user.id }
  return cardsPage(
    user,
    deck,
    noteIds,
    offset,
    CARDS_PAGE,
    searchedCards(search, scope).select('c.id')
  )
}

/** A page of the cards of a deck the caller has found (cardsOfNotes, a shared deck's link). */
export async function cardsPage(
  user: { id: number },
  deck: Deck | null,
  noteIds: number[] | undefined,
  offset: number,
  limit: number,
  found?: ReturnType<typeof searchedCards>
) {
  const query = Card.query()
    .preload('note', (note) => note.preload('noteType'))
    .preload('progress', (progress) => progress.where('user_id', user.id))
    .orderBy('note_id')
    .orderBy('ord')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
  if (deck && !found) query.whereIn('deck_id', await subtreeIds(deck.id))
  if (found) query.whereIn('id', found)
  if (noteIds) query.whereIn('note_id', noteIds)
  const cards = await query
  const ids = cards.map((card) => card.id)
  /* each card's deck name ({{Deck}} in templates): a search over every deck spans many */
  const deckIds = [...new Set(cards.map((card) => card.deckId))]
  /* removed from study, and the learner's flags and burials (issue 32), side by side */
  const [suspended, marks, decks] = await Promise.all([
    suspendedAmong(user.id, ids),
    cardMarks(user.id, ids),
    db.from('decks').whereIn('id', deckIds).select('id', 'name'),
  ])
  const deckNames = new Map(decks.map((row) => [row.id as number, row.name as string]))
  return { deck, cards, suspended, marks, offset, limit, deckNames }
}

export type CardsOfNotes = Awaited<ReturnType<typeof cardsPage>>
