import type { HttpContext } from '@adonisjs/core/http'
import { answerCard } from '#actions/learning/answer_card'
import { undoAnswer } from '#actions/learning/undo_answer'
import { markTutorialSeen } from '#actions/learning/mark_tutorial_seen'
import { limitRefusal, nextSessionCards, sessionStart } from '#queries/learning/session_batch'
import { afterAnswer, afterUndo, sessionScope } from '#queries/learning/session_standing'
import { answerContext } from '#queries/learning/study_context'
import LearningPageTransformer from '#transformers/learning_page_transformer'
import LearningBatchTransformer from '#transformers/learning_batch_transformer'
import LearningAnswerTransformer from '#transformers/learning_answer_transformer'
import LearningUndoTransformer from '#transformers/learning_undo_transformer'
import { serialize } from '#transformers/serialize'
import { destinations } from '#controllers/decks/deck_page_props'
import { feedbackRequestOf } from '#actions/client/feedback_request'
import { answerValidator, learningCardsValidator, undoValidator } from '#validators/learning'

/** The deck in the path is the session's deck; the validators of the apps' door check it like the body's. */
function withDeck(ctx: HttpContext) {
  return { data: { ...ctx.request.all(), deck_id: ctx.params.deckId } }
}

/** The web learning page and its JSON calls; every deck and card is looked up through the signed-in learner. */
export default class LearningPageController {
  /**
   * GET /decks/:id/learn: the first cards, the counters, the tutorial flag and the streak; the feedback
   * request's state (the complete screen asks once); the decks a card can move to when the move dialog asks.
   * When the learner's limit left no card, the page opens on the paywall (or the guest's sign-up).
   */
  async show({ auth, params, i18n, inertia }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const start = await sessionStart(user, params.id)
    return inertia.render('learning/session', {
      /* the start, as the apps' start call has it, with the page's own keys */
      session: LearningPageTransformer.transform(
        start,
        i18n,
        feedbackRequestOf(user),
        limitRefusal(start)
      ),
      destinations: inertia.optional(() => destinations(user)),
    })
  }

  /** GET /learn/:deckId/cards?exclude_ids=1,2: the next cards, never one the page still holds. */
  async cards(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(learningCardsValidator, withDeck(ctx))
    const user = ctx.auth.use('web').getUserOrFail()
    const batch = await nextSessionCards(user, input.deck_id, input.limit, input.exclude_ids)
    return serialize(LearningBatchTransformer.transform(batch, ctx.i18n))
  }

  /** POST /learn/:deckId/answer {card_id, answer, version, review_duration_ms}. */
  async answer(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(answerValidator, withDeck(ctx))
    const { context, snapshot } = await answerContext(
      ctx.auth.use('web').getUserOrFail(),
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
    const standing = await afterAnswer(context, result)
    return serialize(LearningAnswerTransformer.transform(result, standing))
  }

  /** DELETE /learn/:deckId/undo: the last answer in this deck is taken back; the card comes back. */
  async undo(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(undoValidator, withDeck(ctx))
    const user = ctx.auth.use('web').getUserOrFail()
    const scope = await sessionScope(user, input.deck_id)
    const undone = await undoAnswer(user, { today: user.today(), deckIds: scope?.deckIds ?? null })
    const after = await afterUndo(user, scope, undone)
    return serialize(LearningUndoTransformer.transform(after, ctx.i18n))
  }

  /** POST /learn/tutorial_seen: the first-time tutorial is shown once per account. */
  async tutorialSeen(ctx: HttpContext) {
    await markTutorialSeen(ctx.auth.use('web').getUserOrFail())
    return ctx.response.noContent()
  }
}
