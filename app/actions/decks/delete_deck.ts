import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'

/** Removes the deck, its subdecks, notes, cards and everyone's progress on them (foreign keys cascade). */
export default class DeleteDeck {
  async handle(user: User, deckId: unknown) {
    await db.transaction(async (trx) => {
      const deck = await findDeck(user, deckId, trx)
      await deck.useTransaction(trx).delete()
    })
  }
}
