import { BaseTransformer } from '@adonisjs/core/transformers'
import type { TopCounters } from '#types/deck_counts'

/** A card suspendCard took out of the learner's study. */
type RemovedCard = { cardId: number; noteId: number; deckId: number }

/** DELETE cards/{id}/suspend and the learning page's "remove": the card left study, with the session's counters. */
export default class LearningCardRemovedTransformer extends BaseTransformer<RemovedCard> {
  constructor(
    removed: RemovedCard,
    protected topCounters: TopCounters
  ) {
    super(removed)
  }

  toObject() {
    const removed = this.resource
    return {
      ...this.pick(removed, ['cardId', 'noteId', 'deckId']),
      suspended: true as const,
      removedCardIds: [removed.cardId],
      topCounters: this.topCounters,
    }
  }
}
