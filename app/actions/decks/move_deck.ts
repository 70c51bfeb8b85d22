import ApiException from '#exceptions/api_exception'
import Deck from '#models/deck'
import type User from '#models/user'
import { findEditableDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { findFolder } from '#queries/folders/find_folder'
import { nextPosition } from '#actions/decks/positions'
import { assertFitsUnder, heightOf } from '#actions/decks/deck_depth'
import { withTransaction, type ActionOptions } from '#actions/action'
import type { Infer } from '@vinejs/vine/types'
import type { moveDeckValidator } from '#validators/content'

export type MoveDeckInput = Infer<typeof moveDeckValidator>

/**
 * Into another deck (becoming a subdeck), into a folder, or out to the top.
 * A deck never moves under itself, nor so that its subtree reaches below the depth limit
 * (deck_depth.ts), and decks of different algorithms are not grouped.
 */
export async function moveDeck(user: User, input: MoveDeckInput, options: ActionOptions = {}) {
  return withTransaction(options.trx, async (trx) => {
    const deck = await findEditableDeck(user, input.deck_id, trx, 'manage')
    const subtree = await subtreeIds(deck.id, trx)
    let rootDeckId = deck.id
    let folderId: number | null = null
    let parentId: number | null = null
    if (input.parent_deck_id) {
      /* a published deck stays a root: the library's copy is of a whole tree */
      if (
        await trx.from('public_decks').where('deck_id', deck.id).whereNull('unpublished_at').first()
      ) {
        throw ApiException.of('E_DECK_PUBLISHED', { apiField: 'deck_id' })
      }
      const parent = await findEditableDeck(user, input.parent_deck_id, trx, 'manage')
      if (subtree.includes(parent.id))
        throw ApiException.of('E_DECK_MOVE_CYCLE', { apiField: 'parent_deck_id' })
      if (
        parent.algorithmType !== deck.algorithmType ||
        parent.algorithmPreset !== deck.algorithmPreset
      ) {
        throw ApiException.of('E_DIFFERENT_ALGORITHMS', { apiField: 'parent_deck_id' })
      }
      /* the deck's whole subtree goes with it, so its lowest deck must still be within the limit */
      await assertFitsUnder(parent.id, await heightOf(deck.id, trx), 'parent_deck_id', trx)
      parentId = parent.id
      rootDeckId = parent.rootDeckId ?? parent.id
    } else if (input.folder_id) {
      const folder = await findFolder(user, input.folder_id, trx)
      folderId = folder.id
    }
    const position = await nextPosition(trx, user.id, {
      table: 'decks',
      parentId,
      exceptId: deck.id,
    })
    deck.merge({ parentId, folderId, rootDeckId, position })
    /* offline mode is a main deck's (decision 0095): a deck moved under another goes offline with its new tree */
    if (parentId !== null) deck.offlineModeEnabled = false
    await deck.useTransaction(trx).save()
    await Deck.query({ client: trx })
      .whereIn('id', subtree)
      .whereNot('id', deck.id)
      .update({ root_deck_id: rootDeckId, folder_id: null })
    return deck
  })
}
