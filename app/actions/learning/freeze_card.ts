import type User from '#models/user'
import { setFrozen } from '#actions/notes/freeze_notes'
import { findLearnerCard } from '#queries/learning/find_card'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * "Freeze" on the learning page: the card's note is frozen for this learner,
 * every card of it out of study until unfrozen (the deck's card list).
 * Another learner's card is a 404. Returns the card.
 */
export async function freezeCard(user: User, input: { id: unknown }, options: ActionOptions = {}) {
  const card = await findLearnerCard(user, input.id)
  await withTransaction(options.trx, (trx) => setFrozen(user.id, [card.note_id], true, trx))
  return card
}
