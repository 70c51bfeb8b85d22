import { BaseTransformer } from '@adonisjs/core/transformers'
import type { TopCounters } from '#types/deck_counts'

/** A note and the ids of its cards (cardIdsOfNote). */
export type NoteCards = { noteId: number; cardIds: number[] }

/** POST /learn/cards/:id/freeze: the card's note frozen, with every card it froze and the session's counters. */
export default class LearningNoteFrozenTransformer extends BaseTransformer<NoteCards> {
  constructor(
    note: NoteCards,
    protected topCounters: TopCounters
  ) {
    super(note)
  }

  toObject() {
    return {
      noteId: this.resource.noteId,
      frozenCardIds: this.resource.cardIds,
      topCounters: this.topCounters,
    }
  }
}
