import type { I18n } from '@adonisjs/i18n'
import type User from '#models/user'
import { studyContext, type StudyContext } from '#queries/learning/study_context'
import { studyQueue, PREFETCH } from '#queries/learning/queue'
import { presentLearningCards } from '#queries/learning/present_cards'
import { answerCard, type AnswerInput } from '#actions/learning/answer_card'
import { isUndoAvailable, undoLastAnswer } from '#actions/learning/undo_answer'
import { dailyLimit } from '#actions/learning/study_limits'
import db from '@adonisjs/lucid/services/db'
import UserTransformer from '#transformers/user_transformer'

/*
 * The learning calls, the same for the apps' JSON and the web's learning
 * page: the spec's learning response (card, answerButtons, topCounters,
 * isUndoActionAvailable, errorType, algorithmType) with the next cards for
 * prefetching.
 */

async function batch(context: StudyContext, i18n: I18n, limit: number, excludeIds: number[]) {
  const queue = await studyQueue(context, { limit, excludeIds })
  const cards = await presentLearningCards(context, i18n, queue.cardIds)
  return {
    cards,
    topCounters: queue.counters,
    errorType: queue.errorType,
    nextCardAppearsAt: queue.nextCardAppearsAt,
    algorithmType: context.algorithm.type,
    scheduler: context.algorithm.scheduler,
    isUndoActionAvailable: await isUndoAvailable(context.user, context.today, context.deckIds),
  }
}

/** GET v2/learning/start: the first cards of a session and where the learner stands. */
export async function startLearning(user: User, i18n: I18n, deckId: unknown) {
  const context = await studyContext(user, deckId)
  const result = await batch(context, i18n, PREFETCH, [])
  const first = result.cards[0] ?? null
  return {
    deck: { id: context.deck.id, name: context.deck.name, rootDeckId: context.root.id },
    card: first,
    answerButtons: first?.answerButtons ?? [],
    ...result,
    dailyLimit: await dailyLimit(user, context.today, db),
    tutorialSeen: user.learningTutorialSeen,
  }
}

/** GET v2/learning/cards: the next cards, never one the client still holds. */
export async function nextLearningCards(user: User, i18n: I18n, deckId: unknown, limit = PREFETCH, excludeIds: number[] = []) {
  return batch(await studyContext(user, deckId), i18n, limit, excludeIds)
}

/** POST v2/learning/answer. */
export async function answerLearningCard(user: User, deckId: unknown, input: AnswerInput) {
  const context = await studyContext(user, deckId)
  const result = await answerCard(context, input)
  const queue = await studyQueue({ ...context, now: new Date() }, { limit: 0 })
  await user.refresh()
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
    topCounters: queue.counters,
    isUndoActionAvailable: await isUndoAvailable(user, context.today, context.deckIds),
    streak: UserTransformer.streak(user),
  }
}

/** DELETE learning/undo: the card comes back as it was, ready to be shown again. */
export async function undoLearning(user: User, i18n: I18n, deckId: unknown) {
  const scope = deckId === undefined || deckId === null ? null : await studyContext(user, deckId)
  const { cardId, deckId: cardDeckId } = await undoLastAnswer(user, user.today(), scope?.deckIds ?? null)
  const context = scope ? { ...scope, now: new Date() } : await studyContext(user, cardDeckId)
  const [card] = await presentLearningCards(context, i18n, [cardId])
  const queue = await studyQueue(context, { limit: 0 })
  return {
    card: card ?? null,
    answerButtons: card?.answerButtons ?? [],
    topCounters: queue.counters,
    isUndoActionAvailable: await isUndoAvailable(user, context.today, context.deckIds),
    algorithmType: context.algorithm.type,
  }
}
