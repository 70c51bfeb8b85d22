import type User from '#models/user'
import type { AttachmentsInput } from '#actions/notes/note_content'
import { updateNote } from '#actions/notes/update_note'
import { findLearnerCard } from '#queries/learning/find_card'

export interface CardEdit {
  fields: Record<string, string | null | undefined>
  fieldAttachmentsMap?: AttachmentsInput | null
  reverse?: boolean
}

/**
 * PUT cards/{id} and the learning page's editor: edits the card's note in
 * place, through the note save every door uses (update_note.ts: the same
 * transaction, locks and rule for what the edit leaves out). Another
 * learner's card is a 404. Returns the card.
 */
export async function editCard(user: User, cardId: unknown, edit: CardEdit) {
  const card = await findLearnerCard(user, cardId, 'edit')
  await updateNote(user, { id: card.note_id, deckId: card.deck_id }, edit)
  return card
}
