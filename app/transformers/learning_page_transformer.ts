import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SessionStart } from '#queries/learning/session_batch'
import LearningTransformer from '#transformers/learning_transformer'
import { streakOf } from '#transformers/user_transformer'
import type { FeedbackRequest } from '#types/study'

/**
 * GET /decks/:id/learn: the session's start as the apps get it, with the
 * learner's streak for the page's popup and the feedback request's state
 * (the complete screen asks once).
 */
export default class LearningPageTransformer extends BaseTransformer<SessionStart> {
  constructor(
    start: SessionStart,
    protected i18n: I18n,
    protected feedbackRequest: FeedbackRequest
  ) {
    super(start)
  }

  toObject() {
    return {
      ...new LearningTransformer(this.resource, this.i18n).toObject(),
      streak: streakOf(this.resource.context.user),
      feedbackRequest: this.feedbackRequest,
    }
  }
}
