import type User from '#models/user'
import { studyContext, type StudyContext } from '#queries/learning/study_context'
import { studyQueue, PREFETCH, type QueueState } from '#queries/learning/queue'
import { sessionCards, type SessionCard } from '#queries/learning/session_cards'
import { isUndoAvailable } from '#queries/learning/undoable_answer'
import type { DailyLimit } from '#queries/learning/daily_limit'
import ApiException from '#exceptions/api_exception'
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

/**
 * Where the learner stands against their limit, as the queue handed the cards out: `reached` once no card
 * beyond those handed out (and those the client holds) can be answered today.
 */
function dailyLimitOf(queue: QueueState): DailyLimit {
  const limit = queue.limit
  if (!limit) return { limit: null, studiedToday: 0, reached: false, kind: null }
  return {
    limit: limit.limit,
    studiedToday: limit.used,
    reached: limit.left <= 0,
    kind: limit.kind,
  }
}

/**
 * The limit's refusal when the queue has nothing to hand out because the limit held cards back: the error an
 * answer to them would get (402 E_DAILY_LEARNING_LIMIT, a guest's 403 E_GUEST_STUDY_LIMIT), so that a client
 * shows the paywall (or the sign-up) rather than "all cards learned". Null otherwise, and while the client still
 * holds cards (`held`): it answers those first, and asks again with none.
 */
export function limitRefusal(batch: Pick<SessionBatch, 'queue'>, held: number[] = []) {
  const { limit, cardIds } = batch.queue
  if (!limit?.heldBack || cardIds.length > 0 || held.length > 0) return null
  const values = { limit: limit.limit }
  return limit.kind === 'guest'
    ? ApiException.of('E_GUEST_STUDY_LIMIT', { values })
    : ApiException.of('E_DAILY_LEARNING_LIMIT', { values })
}

/**
 * GET v2/learning/start: the first cards of a session and where the learner stands, their daily limit included.
 * The caller decides how to say that the limit left nothing (limitRefusal): the API refuses, the page shows it.
 */
export async function sessionStart(user: User, deckId: unknown): Promise<SessionStart> {
  const context = await studyContext(user, deckId)
  const batch = await sessionBatch(context)
  return {
    ...batch,
    dailyLimit: dailyLimitOf(batch.queue),
    preset: await loadPreset(appearanceDeck(context).cardPresetId),
  }
}

/** GET v2/learning/cards (and the learning page's next cards): refused when the limit left nothing to hand out. */
export async function nextSessionCards(
  user: User,
  deckId: unknown,
  limit = PREFETCH,
  excludeIds: number[] = []
) {
  const batch = await sessionBatch(await studyContext(user, deckId), limit, excludeIds)
  const refusal = limitRefusal(batch, excludeIds)
  if (refusal) throw refusal
  return batch
}
