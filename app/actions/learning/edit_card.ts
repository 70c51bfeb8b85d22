import type { Infer } from '@vinejs/vine/types'
import type { editCardValidator } from '#validators/learning'
import type User from '#models/user'
import { updateNote } from '#actions/notes/update_note'
import { findLearnerCard } from '#queries/learning/find_card'
import type { ActionOptions } from '#actions/action'

/** The validated edit (its note's fields, masks, reversed flag) and the card's id. */
export type EditCardInput = Infer<typeof editCardValidator> & { id: unknown }

/**
 * PUT cards/{id} and the learning page's editor: edits the card's note in
 * place, through the note save every door uses (update_note.ts: the same
 * transaction, locks and rule for what the edit leaves out). Another
 * learner's card is a 404. Returns the card.
 */
export async function editCard(user: User, input: EditCardInput, options: ActionOptions = {}) {
  const card = await findLearnerCard(user, input.id, 'edit')
  const { fields, field_attachments_map: attachments, reverse } = input
  const note = { id: card.note_id, deckId: card.deck_id }
  await updateNote(user, { fields, field_attachments_map: attachments, reverse, note }, options)
  return card
}
