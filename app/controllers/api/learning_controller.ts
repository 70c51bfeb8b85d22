import type { HttpContext } from '@adonisjs/core/http'
import { answerLearningCard, nextLearningCards, startLearning, undoLearning } from '#actions/learning/session'
import { logOfflineReviews } from '#actions/learning/log_offline_reviews'
import {
  answerValidator, learningCardsValidator, learningStartValidator, offlineReviewsValidator, undoValidator,
} from '#validators/learning'

/** The spec's learning calls: a session's cards, answers, undo and answers given offline. */
export default class LearningController {
  async start({ auth, request, i18n }: HttpContext) {
    const input = await request.validateUsing(learningStartValidator)
    return startLearning(auth.use('api').getUserOrFail(), i18n, input.deck_id)
  }

  async cards({ auth, request, i18n }: HttpContext) {
    const input = await request.validateUsing(learningCardsValidator)
    return nextLearningCards(auth.use('api').getUserOrFail(), i18n, input.deck_id, input.limit, input.exclude_ids)
  }

  async answer({ auth, request }: HttpContext) {
    const input = await request.validateUsing(answerValidator)
    return answerLearningCard(auth.use('api').getUserOrFail(), input.deck_id, {
      cardId: input.card_id, answer: input.answer, version: input.version, durationMs: input.review_duration_ms,
    })
  }

  async undo({ auth, request, i18n }: HttpContext) {
    const input = await request.validateUsing(undoValidator)
    return undoLearning(auth.use('api').getUserOrFail(), i18n, input.deck_id)
  }

  async logReviews({ auth, request }: HttpContext) {
    const { reviews } = await request.validateUsing(offlineReviewsValidator)
    return logOfflineReviews(
      auth.use('api').getUserOrFail(),
      reviews.map((review) => ({
        deckId: review.deck_id, cardId: review.card_id, answer: review.answer,
        reviewedAt: review.reviewed_at, durationMs: review.review_duration_ms ?? 0,
      }))
    )
  }

  /** The first-time tutorial of the learning screen is shown once per account. */
  async tutorialSeen({ auth, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    user.learningTutorialSeen = true
    await user.save()
    return response.noContent()
  }
}
