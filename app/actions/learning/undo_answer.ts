import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { recordStudiedCard } from '#actions/learning/study_days'
import { lockLearner } from '#actions/learning/learner_lock'

/*
 * Undo takes back the learner's latest answers of the current study day, one
 * at a time, most recent first, as long as nothing else changed the card
 * since (an edit of its progress from elsewhere ends the undo chain for it).
 */

/** The latest answer that can still be undone, restricted to a deck's subtree when given. */
async function undoable(user: User, today: string, deckIds: number[] | null, client: TransactionClientContract | typeof db, lock = false) {
  const query = client
    .from('review_logs as r')
    .join('card_progress as p', (join) => join.on('p.card_id', 'r.card_id').andOn('p.user_id', 'r.user_id'))
    .where('r.user_id', user.id)
    .where('r.source', 'session')
    .where('r.study_day', today)
    .orderBy('r.id', 'desc')
    .select('r.*', 'p.version as current_version')
  if (deckIds) query.whereIn('r.deck_id', deckIds)
  if (lock) query.forUpdate()
  const review = await query.first()
  if (!review || review.current_version !== review.version_before + 1) return null
  return review
}

export async function isUndoAvailable(user: User, today: string, deckIds: number[] | null) {
  return Boolean(await undoable(user, today, deckIds, db))
}

/** Puts the card back exactly as it was before the answer and removes the review. Returns the card's id. */
export async function undoLastAnswer(user: User, today: string, deckIds: number[] | null) {
  return db.transaction(async (trx) => {
    /* the learner first, then the review and the card's progress: the one lock order of every answer path (learner_lock.ts) */
    await lockLearner(user.id, trx)
    const review = await undoable(user, today, deckIds, trx, true)
    if (!review) throw new ApiException(409, 'E_NOTHING_TO_UNDO', 'nothing_to_undo')
    const previous = typeof review.previous === 'string' ? JSON.parse(review.previous) : review.previous
    await trx
      .from('card_progress')
      .where({ user_id: user.id, card_id: review.card_id })
      .update({
        ...previous,
        /* the version moves on, so an answer retried from before the undo cannot land again */
        version: review.current_version + 1,
        updated_at: new Date(),
      })
    await trx.from('review_logs').where('id', review.id).delete()
    await recordStudiedCard(user.id, review.study_day, -1, trx)
    return { cardId: review.card_id as number, deckId: review.deck_id as number }
  })
}
