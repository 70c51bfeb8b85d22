import type User from '#models/user'
import { suspendCards } from '#actions/notes/suspend_cards'
import { findLearnerCard } from '#queries/learning/find_card'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * DELETE cards/{id}/suspend ("cards can be removed (suspended)"), and "remove"
 * on the web's learning page: the card leaves this learner's study. Its note,
 * its sibling cards, the progress and the history stay; the deck's card list
 * (or notes/bulk_action unsuspend) brings it back. Suspending twice is fine.
 */
export async function suspendCard(user: User, input: { id: unknown }, options: ActionOptions = {}) {
  const card = await findLearnerCard(user, input.id)
  await withTransaction(options.trx, (trx) => suspendCards(user.id, [card.id], trx))
  return { cardId: card.id, noteId: card.note_id, deckId: card.deck_id }
}
