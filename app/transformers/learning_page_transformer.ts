import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SessionStart } from '#queries/learning/session_batch'
import LearningTransformer from '#transformers/learning_transformer'
import { streakOf } from '#transformers/user_transformer'
import type { FeedbackRequest } from '#types/study'
import type ApiException from '#exceptions/api_exception'

/**
 * GET /decks/:id/learn: the session's start as the apps get it, with the
 * learner's streak for the page's popup and the feedback request's state
 * (the complete screen asks once). When the learner's limit left no card to
 * hand out (`refusal`, the error the apps get: limitRefusal), the page
 * opens on it: `blocked`, the paywall (or the guest's sign-up) with the
 * error's title and body.
 */
export default class LearningPageTransformer extends BaseTransformer<SessionStart> {
  constructor(
    start: SessionStart,
    protected i18n: I18n,
    protected feedbackRequest: FeedbackRequest,
    protected refusal: ApiException | null = null
  ) {
    super(start)
  }

  toObject() {
    return {
      ...new LearningTransformer(this.resource, this.i18n).toObject(),
      streak: streakOf(this.resource.context.user),
      feedbackRequest: this.feedbackRequest,
      blocked: this.blocked(),
    }
  }

  private blocked() {
    const refusal = this.refusal
    if (!refusal) return null
    const values = refusal.options.values ?? {}
    return {
      kind: refusal.code === 'E_GUEST_STUDY_LIMIT' ? ('guest' as const) : ('paywall' as const),
      title: this.i18n.t(`errors.${refusal.key}.title`, values),
      body: this.i18n.t(`errors.${refusal.key}.body`, values),
    }
  }
}
