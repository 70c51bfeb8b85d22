import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ApiException from '#exceptions/api_exception'
import Deck from '#models/deck'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'

/**
 * Archive and restore act on a root deck with all its subdecks: an archived
 * deck leaves the home list and cannot be studied or edited until restored.
 */
export default class ArchiveDeck {
  async handle(user: User, deckId: unknown, archived: boolean) {
    return db.transaction(async (trx) => {
      const deck = await findDeck(user, deckId, trx, 'manage')
      if (!deck.isRootDeck) throw ApiException.of('E_SUBDECK_ARCHIVE', { apiField: 'id' })
      if (deck.isProcessing) throw ApiException.of('E_DECK_PROCESSING')
      if ((deck.state === 'archived') === archived) return deck
      const ids = await subtreeIds(deck.id, trx)
      await Deck.query({ client: trx })
        .whereIn('id', ids)
        .update(archived ? { state: 'archived', archived_at: DateTime.now().toSQL() } : { state: 'active', archived_at: null })
      return deck.refresh()
    })
  }
}
