import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { setFrozen } from '#actions/notes/freeze_notes'
import { findLearnerCard } from '#queries/learning/find_card'

/**
 * "Freeze" on the learning page: the card's note is frozen for this learner,
 * every card of it out of study until unfrozen (the deck's card list).
 * Another learner's card is a 404. Returns the card.
 */
export async function freezeCard(user: User, cardId: unknown) {
  const card = await findLearnerCard(user, cardId)
  await db.transaction((trx) => setFrozen(user.id, [card.note_id], true, trx))
  return card
}
