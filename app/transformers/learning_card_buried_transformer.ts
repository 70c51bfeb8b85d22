import { BaseTransformer } from '@adonisjs/core/transformers'
import type { TopCounters } from '#types/deck_counts'

/** A card buryCard kept out of the learner's study until their next study day. */
type BuriedCard = { cardId: number; noteId: number; deckId: number; until: Date }

/** POST cards/{id}/bury and the learning page's "bury": the card left today's study, with the session's counters. */
export default class LearningCardBuriedTransformer extends BaseTransformer<BuriedCard> {
  constructor(
    buried: BuriedCard,
    protected topCounters: TopCounters
  ) {
    super(buried)
  }

  toObject() {
    const buried = this.resource
    return {
      ...this.pick(buried, ['cardId', 'noteId', 'deckId']),
      buried: true as const,
      /* the start of the learner's next study day: the card is back then */
      buriedUntil: buried.until.toISOString(),
      removedCardIds: [buried.cardId],
      topCounters: this.topCounters,
    }
  }
}
