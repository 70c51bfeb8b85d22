import { DateTime } from 'luxon'
import ApiException from '#exceptions/api_exception'
import Deck from '#models/deck'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * Archive and restore act on a root deck with all its subdecks: an archived
 * deck leaves the home list and cannot be studied or edited until restored.
 */
export async function archiveDeck(
  user: User,
  input: { id: unknown; archived: boolean },
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    const deck = await findDeck(user, input.id, trx, 'manage')
    if (!deck.isRootDeck) throw ApiException.of('E_SUBDECK_ARCHIVE', { apiField: 'id' })
    if (deck.isProcessing) throw ApiException.of('E_DECK_PROCESSING')
    if ((deck.state === 'archived') === input.archived) return deck
    const ids = await subtreeIds(deck.id, trx)
    await Deck.query({ client: trx })
      .whereIn('id', ids)
      .update(
        input.archived
          ? { state: 'archived', archived_at: DateTime.now().toSQL() }
          : { state: 'active', archived_at: null }
      )
    return deck.refresh()
  })
}
