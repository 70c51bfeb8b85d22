import type User from '#models/user'
import { findEditableDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { withTransaction, type ActionOptions } from '#actions/action'

/** Back to "not studied": this learner's progress on the deck's cards (subdecks included), or on some of its cards. */
export async function resetProgress(
  user: User,
  input: { id: unknown; cardIds?: number[] },
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    const deck = await findEditableDeck(user, input.id, trx, 'view')
    const deckIds = await subtreeIds(deck.id, trx)
    const query = trx.from('card_progress').where('user_id', user.id).whereIn('deck_id', deckIds)
    if (input.cardIds) query.whereIn('card_id', input.cardIds)
    return query.delete()
  })
}
