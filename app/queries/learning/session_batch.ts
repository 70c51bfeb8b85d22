import type User from '#models/user'
import { studyContext, type StudyContext } from '#queries/learning/study_context'
import { studyQueue, PREFETCH, type QueueState } from '#queries/learning/queue'
import { sessionCards, type SessionCard } from '#queries/learning/session_cards'
import { isUndoAvailable } from '#queries/learning/undoable_answer'
import { dailyLimit, type DailyLimit } from '#queries/learning/daily_limit'
import type CardPreset from '#models/card_preset'
import { loadPreset } from '#queries/card_presets/deck_appearance'
import { appearanceDeck } from '#services/card_presets/appearance'

/*
 * What the learning calls read, the same for the apps' JSON and the web's
 * learning page; LearningTransformer shapes it into the spec's learning
 * response (card, answerButtons, topCounters, isUndoActionAvailable,
 * errorType, algorithmType).
 */

export type SessionBatch = {
  context: StudyContext
  queue: QueueState
  cards: SessionCard[]
  undoAvailable: boolean
}
export type SessionStart = SessionBatch & { dailyLimit: DailyLimit; preset: CardPreset | null }

/**
 * The next cards of a session (never one in `excludeIds`, which the client still holds), and where the learner
 * stands.
 */
async function sessionBatch(
  context: StudyContext,
  limit = PREFETCH,
  excludeIds: number[] = []
): Promise<SessionBatch> {
  const queue = await studyQueue(context, { limit, excludeIds })
  const cards = await sessionCards(context, queue.cardIds)
  return {
    context,
    queue,
    cards,
    undoAvailable: await isUndoAvailable(context.user, context.today, context.deckIds),
  }
}

/** GET v2/learning/start: the first cards of a session and where the learner stands, their daily limit included. */
export async function sessionStart(user: User, deckId: unknown): Promise<SessionStart> {
  const context = await studyContext(user, deckId)
  const batch = await sessionBatch(context)
  return {
    ...batch,
    dailyLimit: await dailyLimit(user, context.today),
    preset: await loadPreset(appearanceDeck(context).cardPresetId),
  }
}

/** GET v2/learning/cards. */
export async function nextSessionCards(
  user: User,
  deckId: unknown,
  limit = PREFETCH,
  excludeIds: number[] = []
) {
  return sessionBatch(await studyContext(user, deckId), limit, excludeIds)
}
