import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import { findEditableDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { inTransaction } from '#services/transactions'

/** Back to "not studied": this learner's progress on the deck's cards (subdecks included), or on some of its cards. */
export default class ResetProgress {
  async handle(user: User, deckId: unknown, cardIds?: number[], outer?: TransactionClientContract) {
    return inTransaction(outer, async (trx) => {
      const deck = await findEditableDeck(user, deckId, trx, 'view')
      const deckIds = await subtreeIds(deck.id, trx)
      const query = trx.from('card_progress').where('user_id', user.id).whereIn('deck_id', deckIds)
      if (cardIds) query.whereIn('card_id', cardIds)
      return query.delete()
    })
  }
}
