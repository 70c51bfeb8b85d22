import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SessionStanding } from '#queries/learning/session_standing'
import { streakOf } from '#transformers/user_transformer'
import type { AnswerResult } from '#types/answers'

/**
 * POST v2/learning/answer and the learning page's answer: the card as the
 * answer (recorded or replayed) left it, and the session's standing, the
 * learner read again. The study's hot path: one item, no nested transformer.
 */
export default class LearningAnswerTransformer extends BaseTransformer<AnswerResult> {
  constructor(
    result: AnswerResult,
    protected standing: SessionStanding
  ) {
    super(result)
  }

  toObject() {
    const result = this.resource
    const { context, topCounters, undoAvailable, errorType } = this.standing
    return {
      card: {
        id: result.cardId,
        state: result.progress.state,
        version: result.version,
        dueAt: result.progress.dueAt?.toISOString() ?? null,
        isFrozen: result.isFrozen,
      },
      answer: result.answer,
      /* the card lapsed once too often: it is frozen now and the learner is told */
      leech: result.leech,
      replayed: result.replayed,
      /* siblings buried by this answer: a client drops them from the cards it holds */
      buriedCardIds: result.buriedCardIds,
      topCounters,
      isUndoActionAvailable: undoAvailable,
      /* the spec's learning response: allCardsLearned once nothing is left to show now, emptyDeck */
      errorType,
      algorithmType: context.algorithm.type,
      streak: streakOf(context.user),
    }
  }
}
