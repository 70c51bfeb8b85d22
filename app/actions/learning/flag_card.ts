import type User from '#models/user'
import { setFlags } from '#actions/cards/card_flags'
import { findLearnerCard } from '#queries/learning/find_card'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * PUT cards/{id}/flag and the learning page's Ctrl+1..7: the learner's flag
 * on a card they may see (1-7, Anki's colours), or none (0). Setting the
 * flag a card has, or clearing a card without one, changes nothing.
 */
export async function flagCard(
  user: User,
  input: { id: unknown; flag: number },
  options: ActionOptions = {}
) {
  const card = await findLearnerCard(user, input.id)
  await withTransaction(options.trx, (trx) => setFlags(user.id, [card.id], input.flag, trx))
  return { cardId: card.id, noteId: card.note_id, deckId: card.deck_id, flag: input.flag }
}
