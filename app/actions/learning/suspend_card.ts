import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { suspendCards } from '#actions/notes/suspend_cards'
import { findLearnerCard } from '#queries/learning/find_card'

/**
 * DELETE cards/{id}/suspend ("cards can be removed (suspended)"), and "remove"
 * on the web's learning page: the card leaves this learner's study. Its note,
 * its sibling cards, the progress and the history stay; the deck's card list
 * (or notes/bulk_action unsuspend) brings it back. Suspending twice is fine.
 */
export async function suspendCard(user: User, cardId: unknown) {
  const card = await findLearnerCard(user, cardId)
  await db.transaction((trx) => suspendCards(user.id, [card.id], trx))
  return { cardId: card.id, noteId: card.note_id, deckId: card.deck_id }
}
