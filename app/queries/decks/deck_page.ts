import type Deck from '#models/deck'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { placeForParticipant } from '#queries/decks/participation'
import { inheritedLimits } from '#queries/learning/study_context'

/* What a deck's page reads beyond the deck lists (those are app/controllers/decks/deck_page_props.ts). */

/**
 * The settings tab's daily limits where the deck sets none: its main deck's (a participant's own where they
 * set them) or its preset's.
 */
export async function deckLimitDefaults(user: User, deck: Deck) {
  if (!deck.rootDeckId || deck.rootDeckId === deck.id) return inheritedLimits(deck, deck)
  const root = await findDeck(user, deck.rootDeckId)
  await placeForParticipant(user, [root])
  return inheritedLimits(deck, root)
}
