import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { leaveTree } from '#actions/participants/leave_shared_deck'
import DeckPolicy from '#policies/deck_policy'
import { authorize } from '#services/authorize'
import { subtreeIds } from '#queries/decks/deck_tree'
import { deleteUnusedMedia, mediaOfDecks } from '#actions/media/unused_media'
import { removeStoredFiles } from '#services/stored_files'
import { afterCommit, withTransaction, type ActionOptions } from '#actions/action'

/**
 * Removes the deck, its subdecks, notes, cards and everyone's progress on
 * them (foreign keys cascade), and the media only they used. A participant
 * "deleting" a shared main deck deletes only their own place and progress
 * (spec: a non-owner deleting a shared deck), as leaving it does.
 */
export async function deleteDeck(user: User, input: { id: unknown }, options: ActionOptions = {}) {
  await withTransaction(options.trx, async (trx) => {
    const deck = await findDeck(user, input.id, trx, 'view')
    if (deck.isRootDeck && deck.roleOf(user) !== 'owner') {
      await leaveTree(trx, user.id, deck)
      return
    }
    await authorize(user, DeckPolicy, 'manage', deck)
    await buryShared(trx, deck)
    const files = await deleteDeckRows(trx, deck)
    afterCommit(trx, () => removeStoredFiles(files))
  })
}

/**
 * The owner deleting a shared deck (or a subdeck of one) ends everyone's
 * access and progress (the foreign keys cascade); a tombstone remembers who
 * took part, so they are told "deleted by its owner", not a bare 404.
 */
export async function buryShared(
  trx: TransactionClientContract,
  deck: { id: number; rootDeckId: number | null; parentId: number | null; name: string }
) {
  await trx.rawQuery(
    `insert into shared_deck_tombstones (deck_id, name, deck_ids, user_ids, deleted_at)
     select ?, nullif(?, ''), ?::int[], array_agg(c.user_id), now() from deck_collaborators c where c.deck_id
       = ? having count(*) > 0`,
    /* a main deck keeps its name for its former participants' lists; a subdeck none */
    [
      deck.id,
      deck.parentId === null ? deck.name : '',
      await subtreeIds(deck.id, trx),
      deck.rootDeckId ?? deck.id,
    ]
  )
}

/**
 * Deletes a deck's rows with those of the media only it used (a picture
 * another note of the owner still shows stays), and answers the files to
 * remove once the transaction is committed: a file that cannot be deleted
 * then is left to the storage sweep, and never undoes the deletion.
 */
export async function deleteDeckRows(
  trx: TransactionClientContract,
  deck: { id: number; userId: number }
) {
  const candidates = await mediaOfDecks(trx, deck.userId, await subtreeIds(deck.id, trx))
  await trx.from('decks').where('id', deck.id).delete()
  const unused = await deleteUnusedMedia(trx, { userId: deck.userId, ids: candidates })
  return unused.map((media) => `media/${media.key}`)
}
