import { BaseTransformer } from '@adonisjs/core/transformers'
import type { NoteCards } from '#transformers/learning_note_frozen_transformer'

/**
 * POST /learn/cards/:id/move: the card's note on its way to another deck (a
 * deck job moves it), with every card that leaves the session.
 */
export default class LearningNoteMovedTransformer extends BaseTransformer<NoteCards> {
  constructor(
    note: NoteCards,
    protected destination: { id: number; name: string }
  ) {
    super(note)
  }

  toObject() {
    const { id, name } = this.destination
    return {
      noteId: this.resource.noteId,
      movedCardIds: this.resource.cardIds,
      destination: { id, name },
    }
  }
}
