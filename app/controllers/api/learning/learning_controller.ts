import type { HttpContext } from '@adonisjs/core/http'
import { answerCard } from '#actions/learning/answer_card'
import { undoAnswer } from '#actions/learning/undo_answer'
import { logOfflineReviews } from '#actions/learning/log_offline_reviews'
import { markTutorialSeen } from '#actions/learning/mark_tutorial_seen'
import { limitRefusal, nextSessionCards, sessionStart } from '#queries/learning/session_batch'
import { afterAnswer, afterUndo, sessionScope } from '#queries/learning/session_standing'
import { answerContext } from '#queries/learning/study_context'
import LearningTransformer from '#transformers/learning_transformer'
import LearningBatchTransformer from '#transformers/learning_batch_transformer'
import LearningAnswerTransformer from '#transformers/learning_answer_transformer'
import LearningUndoTransformer from '#transformers/learning_undo_transformer'
import OfflineReviewsTransformer from '#transformers/offline_reviews_transformer'
import { serialize } from '#transformers/serialize'
import {
  answerValidator,
  learningCardsValidator,
  learningStartValidator,
  offlineReviewsValidator,
  undoValidator,
} from '#validators/learning'

/** The spec's learning calls: a session's cards, answers, undo and answers given offline. */
export default class LearningController {
  async start({ auth, request, i18n }: HttpContext) {
    const input = await request.validateUsing(learningStartValidator)
    const start = await sessionStart(auth.use('api').getUserOrFail(), input.deck_id)
    /* the limit left no card to hand out: the answer's own refusal (the paywall), not "all cards learned" */
    const refusal = limitRefusal(start)
    if (refusal) throw refusal
    return serialize(LearningTransformer.transform(start, i18n))
  }

  async cards({ auth, request, i18n }: HttpContext) {
    const input = await request.validateUsing(learningCardsValidator)
    const user = auth.use('api').getUserOrFail()
    const batch = await nextSessionCards(user, input.deck_id, input.limit, input.exclude_ids)
    return serialize(LearningBatchTransformer.transform(batch, i18n))
  }

  async answer({ auth, request }: HttpContext) {
    const input = await request.validateUsing(answerValidator)
    const { context, snapshot } = await answerContext(
      auth.use('api').getUserOrFail(),
      input.deck_id,
      input.card_id
    )
    const result = await answerCard(
      context,
      {
        cardId: input.card_id,
        answer: input.answer,
        version: input.version,
        durationMs: input.review_duration_ms,
      },
      snapshot
    )
    return serialize(
      LearningAnswerTransformer.transform(result, await afterAnswer(context, result))
    )
  }

  async undo({ auth, request, i18n }: HttpContext) {
    const input = await request.validateUsing(undoValidator)
    const user = auth.use('api').getUserOrFail()
    const scope = await sessionScope(user, input.deck_id)
    const undone = await undoAnswer(user, { today: user.today(), deckIds: scope?.deckIds ?? null })
    return serialize(LearningUndoTransformer.transform(await afterUndo(user, scope, undone), i18n))
  }

  async logReviews({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const result = await logOfflineReviews(
      user,
      await request.validateUsing(offlineReviewsValidator)
    )
    return serialize(OfflineReviewsTransformer.transform(result))
  }

  /** The first-time tutorial of the learning screen is shown once per account. */
  async tutorialSeen({ auth, response }: HttpContext) {
    await markTutorialSeen(auth.use('api').getUserOrFail())
    return response.noContent()
  }
}
