import type { HttpContext } from '@adonisjs/core/http'
import { answerLearningCard, nextLearningCards, startLearning, undoLearning } from '#actions/learning/session'
import { answerValidator, learningCardsValidator, undoValidator } from '#validators/learning'
import UserTransformer from '#transformers/user_transformer'

/*
 * The page's background calls must not eat the flash messages meant for the
 * next page visit (the notes editor does the same).
 */
function keepFlash(ctx: HttpContext) {
  ctx.session.reflash()
}

/** The deck in the path is the session's deck; the validators of the apps' door check it like the body's. */
function withDeck(ctx: HttpContext) {
  return { data: { ...ctx.request.all(), deck_id: ctx.params.deckId } }
}

/** The web learning page and its JSON calls; every deck and card is looked up through the signed-in learner. */
export default class LearningPageController {
  /** GET /decks/:id/learn: the first cards, the counters, the tutorial flag and the streak. */
  async show({ auth, params, i18n, inertia }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const session = await startLearning(user, i18n, params.id)
    return inertia.render('learn/session', { ...session, streak: UserTransformer.streak(user) })
  }

  /** GET /learn/:deckId/cards?exclude_ids=1,2: the next cards, never one the page still holds. */
  async cards(ctx: HttpContext) {
    keepFlash(ctx)
    const input = await ctx.request.validateUsing(learningCardsValidator, withDeck(ctx))
    return nextLearningCards(ctx.auth.use('web').getUserOrFail(), ctx.i18n, input.deck_id, input.limit, input.exclude_ids)
  }

  /** POST /learn/:deckId/answer {card_id, answer, version, review_duration_ms}. */
  async answer(ctx: HttpContext) {
    keepFlash(ctx)
    const input = await ctx.request.validateUsing(answerValidator, withDeck(ctx))
    return answerLearningCard(ctx.auth.use('web').getUserOrFail(), input.deck_id, {
      cardId: input.card_id, answer: input.answer, version: input.version, durationMs: input.review_duration_ms,
    })
  }

  /** DELETE /learn/:deckId/undo: the last answer in this deck is taken back; the card comes back. */
  async undo(ctx: HttpContext) {
    keepFlash(ctx)
    const input = await ctx.request.validateUsing(undoValidator, withDeck(ctx))
    return undoLearning(ctx.auth.use('web').getUserOrFail(), ctx.i18n, input.deck_id)
  }

  /** POST /learn/tutorial_seen: the first-time tutorial is shown once per account. */
  async tutorialSeen(ctx: HttpContext) {
    keepFlash(ctx)
    const user = ctx.auth.use('web').getUserOrFail()
    user.learningTutorialSeen = true
    await user.save()
    return ctx.response.noContent()
  }
}
