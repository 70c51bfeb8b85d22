import type User from '#models/user'
import { studyContext, type StudyContext } from '#queries/learning/study_context'
import { queueStanding, studyQueue, type QueueState } from '#queries/learning/queue'
import { sessionCards } from '#queries/learning/session_cards'
import { isUndoAvailable } from '#queries/learning/undoable_answer'
import type { TopCounters } from '#types/deck_counts'

/*
 * Where a session stands after something changed it (an answer, an undo, a
 * card edited, frozen or removed): read afresh, as of now.
 */

export type SessionStanding = {
  context: StudyContext
  topCounters: TopCounters
  undoAvailable: boolean
  /** the spec's learning errorType: emptyDeck (no cards), allCardsLearned (nothing left now), else null */
  errorType: QueueState['errorType']
}

/** The session's context as of now: counters and learn-ahead move with the clock. */
export const asOfNow = (context: StudyContext): StudyContext => ({ ...context, now: new Date() })

/**
 * The session's deck when the call names one (checked before anything changes, so a foreign deck id changes
 * nothing), else null.
 */
export async function sessionScope(user: User, deckId: unknown) {
  return deckId === undefined || deckId === null ? null : studyContext(user, deckId)
}

/** The session's context after a change to a card: the session's own when it has one, else the card's deck's. */
export async function contextAfter(user: User, scope: StudyContext | null, cardDeckId: number) {
  return scope ? asOfNow(scope) : studyContext(user, cardDeckId)
}

/** The session's top counters. */
export async function topCountersOf(context: StudyContext): Promise<TopCounters> {
  const { counters } = await studyQueue(context, { limit: 0 })
  return counters
}

/* the counters and whether a card is left to show now */
async function standingOf(context: StudyContext) {
  const { counters, errorType } = await queueStanding(context)
  return { topCounters: counters, errorType }
}

/**
 * The counters and whether an undo is possible; with `learner`, the learner's row is read again (their streak
 * moved).
 */
export async function sessionStanding(
  context: StudyContext,
  options: { learner?: boolean } = {}
): Promise<SessionStanding> {
  const { topCounters, errorType } = await standingOf(context)
  if (options.learner) await context.user.refresh()
  return {
    context,
    topCounters,
    errorType,
    undoAvailable: await isUndoAvailable(context.user, context.today, context.deckIds),
  }
}

/**
 * After an answer: the counters as of now. An answer just written can be
 * undone, and the learner's row is read again only when the answer moved
 * their streak; a replayed answer reads everything afresh.
 */
export async function afterAnswer(
  context: StudyContext,
  answer: { replayed: boolean; streakMoved?: boolean }
): Promise<SessionStanding> {
  const current = asOfNow(context)
  if (answer.replayed) return sessionStanding(current, { learner: true })
  const { topCounters, errorType } = await standingOf(current)
  if (answer.streakMoved) await current.user.refresh()
  return { context: current, topCounters, errorType, undoAvailable: true }
}

/** After an undo: the card as the session shows it again, and the session's standing. */
export async function afterUndo(
  user: User,
  scope: StudyContext | null,
  undone: { cardId: number; deckId: number }
) {
  const context = await contextAfter(user, scope, undone.deckId)
  const cards = await sessionCards(context, [undone.cardId])
  return { cards, ...(await sessionStanding(context)) }
}
