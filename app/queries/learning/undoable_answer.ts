import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/*
 * Undo takes back the learner's latest answers of the current study day, one
 * at a time, most recent first, as long as nothing else changed the card
 * since (an edit of its progress from elsewhere ends the undo chain for it).
 */

/**
 * The latest answer that can still be undone (its review row, with the
 * card's `current_version`), restricted to a deck's subtree when given.
 * `lock` (inside the undo's transaction) holds the review and the progress row.
 */
export async function undoableAnswer(
  userId: number,
  today: string,
  deckIds: number[] | null,
  client: TransactionClientContract | typeof db = db,
  lock = false
) {
  const query = client
    .from('review_logs as r')
    .join('card_progress as p', (join) =>
      join.on('p.card_id', 'r.card_id').andOn('p.user_id', 'r.user_id')
    )
    .where('r.user_id', userId)
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

/** The learning response's isUndoActionAvailable. */
export async function isUndoAvailable(
  user: { id: number },
  today: string,
  deckIds: number[] | null
) {
  return Boolean(await undoableAnswer(user.id, today, deckIds))
}
