import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * The decks' cards in all, as the transaction sees them: the sum of their
 * rows of deck_card_tallies, kept by triggers on cards (decision 0099). The
 * queue's totals and the deck counters sum the same rows in their SQL.
 */
export async function cardsIn(trx: TransactionClientContract, deckIds: number[]) {
  const row = await trx
    .from('deck_card_tallies')
    .whereIn('deck_id', deckIds)
    .sum('cards as cards')
    .first()
  return Number(row?.cards ?? 0)
}
