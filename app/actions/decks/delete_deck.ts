import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { deleteUnusedMedia, mediaOfDecks } from '#actions/media/unused_media'
import { removeStoredFiles } from '#services/stored_files'

/**
 * Removes the deck, its subdecks, notes, cards and everyone's progress on
 * them (foreign keys cascade), and the media only they used.
 */
export default class DeleteDeck {
  async handle(user: User, deckId: unknown) {
    const files = await db.transaction(async (trx) => deleteDeckRows(trx, await findDeck(user, deckId, trx, 'manage')))
    await removeStoredFiles(files)
  }
}

/**
 * Deletes a deck's rows with those of the media only it used (a picture
 * another note of the owner still shows stays), and answers the files to
 * remove once the transaction is committed: a file that cannot be deleted
 * then is left to the storage sweep, and never undoes the deletion.
 */
export async function deleteDeckRows(trx: TransactionClientContract, deck: { id: number; userId: number }) {
  const candidates = await mediaOfDecks(trx, deck.userId, await subtreeIds(deck.id, trx))
  await trx.from('decks').where('id', deck.id).delete()
  const unused = await deleteUnusedMedia(trx, { userId: deck.userId, ids: candidates })
  return unused.map((media) => `media/${media.key}`)
}
