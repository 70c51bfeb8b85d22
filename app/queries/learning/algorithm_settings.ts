import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { placeForParticipant } from '#queries/decks/participation'

/** A deck this learner may see and its root, where the algorithm is set (AlgorithmSettingsTransformer shapes them). */
export async function deckWithRoot(user: User, deckId: unknown) {
  const deck = await findDeck(user, deckId)
  const root =
    deck.rootDeckId && deck.rootDeckId !== deck.id ? await findDeck(user, deck.rootDeckId) : deck
  /* a participant's cards per day are their own (their collaborator row) */
  if (deck.userId !== user.id)
    await placeForParticipant(user, root === deck ? [deck] : [deck, root])
  return { root, deck }
}
