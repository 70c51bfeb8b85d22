import Card from '#models/card'
import Deck from '#models/deck'
import ApiException from '#exceptions/api_exception'
import { findDeck } from '#queries/decks/find_deck'

/* an embed shows a deck's first cards, for flipping through: enough to try it, not an export */
const EMBED_CARDS = 100

/**
 * A root deck shown to anyone through its sharing token, read-only, while
 * its owner has sharing on (the spec: embedding needs sharing on) and it is
 * not archived; null otherwise, whatever the reason, so a token says nothing
 * about a deck that is not shared.
 */
export async function embeddedDeck(token: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return null
  return Deck.query()
    .where('sharing_token', token)
    .where('sharing_enabled', true)
    .whereNull('parent_id')
    .whereNot('state', 'archived')
    .first()
}

/** Its cards (subdecks included), in the order the notes were made, with what rendering needs. */
export async function embeddedCards(deck: Deck) {
  return Card.query()
    .join('decks', 'decks.id', 'cards.deck_id')
    .where('decks.root_deck_id', deck.id)
    .select('cards.*')
    .preload('note', (note) => note.preload('noteType'))
    .orderBy('cards.note_id')
    .orderBy('cards.ord')
    .limit(EMBED_CARDS)
}

/**
 * A root deck its owner may embed: sharing on (the spec: embedding needs sharing on); its snippet is
 * EmbedTransformer's.
 */
export async function embeddableDeck(user: { id: number }, deckId: unknown) {
  const deck = await findDeck(user, deckId, undefined, 'manage')
  if (!deck.isRootDeck || !deck.sharingEnabled || !deck.sharingToken) {
    throw ApiException.of('E_EMBED_NEEDS_SHARING', { apiField: 'id' })
  }
  return deck
}

/** scheme, host and port of a URL: where the embed page is served from */
export const originOf = (url: string) => new URL(url).origin
