import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'
import { findDeck, idParam } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { lockLearner } from '#actions/learning/learner_lock'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * A participant leaves a shared deck (any deck of its tree names it): their
 * collaborator row is deleted (they chose to go, so the deck is then simply
 * not theirs: a 404, not "unavailable"), with their own progress,
 * suspensions and review history on the tree's cards. Nothing of the
 * owner's or of other participants' is touched. The owner deletes instead.
 * Leaving twice is a 404 the second time: the first already did it all.
 */
export async function leaveSharedDeck(
  user: User,
  input: { id: unknown },
  options: ActionOptions = {}
) {
  const deckId = input.id
  await withTransaction(options.trx, async (trx) => {
    /* the learner's lock first, as every path that writes their answers takes it */
    await lockLearner(user.id, trx)
    /* a deck no longer available to them: leaving it dismisses the notice */
    if (await dismissUnavailable(trx, user.id, idParam(deckId))) return
    const deck = await findDeck(user, deckId, trx, 'view')
    if (deck.roleOf(user) === 'owner')
      throw ApiException.of('E_OWNER_CANNOT_LEAVE', { apiField: 'id' })
    await leaveTree(trx, user.id, deck)
  })
}

/**
 * The participant's row on the tree and their own traces on it go (delete_deck.ts: a non-owner "deleting" a
 * shared deck).
 */
export async function leaveTree(
  trx: TransactionClientContract,
  userId: number,
  deck: { id: number; rootDeckId: number | null }
) {
  const rootId = deck.rootDeckId ?? deck.id
  await removeOwnTraces(trx, userId, await subtreeIds(rootId, trx))
  await trx.from('deck_collaborators').where('deck_id', rootId).where('user_id', userId).delete()
}

/**
 * A main deck they took part in and no longer may (their row deleted or
 * disabled by the owner, or the deck deleted): the row goes with their own
 * traces on the tree, or they are taken off the tombstone. True if it was one.
 */
async function dismissUnavailable(trx: TransactionClientContract, userId: number, rootId: number) {
  const ended = await trx
    .from('deck_collaborators')
    .where('deck_id', rootId)
    .where('user_id', userId)
    .whereNot('state', 'active')
    .delete()
  if (Number(ended) > 0) {
    await removeOwnTraces(trx, userId, await subtreeIds(rootId, trx))
    return true
  }
  const { rowCount } = await trx.rawQuery(
    'update shared_deck_tombstones set user_ids = array_remove(user_ids, ?) where deck_id = ? and name is not ' +
      'null and user_ids @> array[?]::int[]',
    [userId, rootId, userId]
  )
  return rowCount > 0
}

/** One learner's progress, suspensions and review history on these decks' cards. */
async function removeOwnTraces(trx: TransactionClientContract, userId: number, deckIds: number[]) {
  await trx.from('card_progress').where('user_id', userId).whereIn('deck_id', deckIds).delete()
  await trx.from('review_logs').where('user_id', userId).whereIn('deck_id', deckIds).delete()
  await trx.rawQuery(
    'delete from card_suspensions s using cards c where s.user_id = ? and c.id = s.card_id and c.deck_id = any(?)',
    [userId, deckIds]
  )
}
