import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SessionBatch } from '#queries/learning/session_batch'
import { learningCards } from '#transformers/learning_card_transformer'

/**
 * GET v2/learning/cards and the learning page's next cards: the cards to
 * prefetch and where the session stands (the spec's learning response, the
 * same for the apps' JSON and the web).
 */
export default class LearningBatchTransformer extends BaseTransformer<SessionBatch> {
  constructor(
    batch: SessionBatch,
    protected i18n: I18n
  ) {
    super(batch)
  }

  toObject() {
    const { context, queue, cards, undoAvailable } = this.resource
    return {
      cards: learningCards(context, this.i18n, cards),
      topCounters: queue.counters,
      errorType: queue.errorType,
      /* the spec's "shared deck empty": a deck someone shares with the learner has no cards yet */
      sharedDeckEmpty: queue.errorType === 'emptyDeck' && context.deck.userId !== context.user.id,
      nextCardAppearsAt: queue.nextCardAppearsAt,
      algorithmType: context.algorithm.type,
      scheduler: context.algorithm.scheduler,
      isUndoActionAvailable: undoAvailable,
    }
  }
}
