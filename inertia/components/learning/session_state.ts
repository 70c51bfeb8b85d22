/* What the learning page shows of a session, and the rules that move it that need no server. */
import { HttpError } from '~/lib/http'
import type { Data } from '~generated/data'

type LearningCard = Data.LearningCard
type SessionProps = Data.LearningPage
type ErrorType = SessionProps['errorType']

/* spec: refetch when fewer than this many cards remain (the server sends 7 per fetch) */
export const REFETCH_BELOW = 4
/* the answer validator's ceiling for review_duration_ms */
export const MAX_DURATION_MS = 86_400_000

export type Blocked = { kind: 'paywall' | 'guest'; title: string; body: string }

export type SessionState = {
  current: LearningCard | null
  /** the prefetched cards after the current one */
  queue: LearningCard[]
  side: 'front' | 'back'
  /** the back has been shown once: the answer buttons work from then on */
  revealed: boolean
  counters: SessionProps['topCounters']
  undoAvailable: boolean
  /** the learning-complete or empty-deck screen */
  finished: { errorType: Exclude<ErrorType, null>; nextCardAppearsAt: string | null } | null
  /** answers given in this visit to each card, less those undone or refused: the cards studied are its keys */
  answers: Record<number, number>
  blocked: Blocked | null
  /** nothing to show and the next cards could not be loaded */
  loadFailed: boolean
  streak: SessionProps['streak']
}

export type SessionEvents = {
  leech: () => void
  failed: (error: unknown) => void
  nothingToUndo: (message: string) => void
  frozen: () => void
  removed: () => void
  buried: () => void
  moved: (deckName: string) => void
}

export function initialState(props: SessionProps): SessionState {
  const [first = null, ...rest] = props.cards
  return {
    current: first,
    queue: rest,
    side: 'front',
    revealed: false,
    counters: props.topCounters,
    undoAvailable: props.isUndoActionAvailable,
    /* the limit left no card: the page opens on the paywall (or the sign-up), not on "all cards learned" */
    finished:
      props.errorType && !first && !props.blocked
        ? { errorType: props.errorType, nextCardAppearsAt: props.nextCardAppearsAt }
        : null,
    answers: {},
    blocked: props.blocked ?? null,
    loadFailed: false,
    streak: props.streak,
  }
}

/** One more (or one less) answer to a card; a card with none left was not studied in this visit. */
export function countAnswer(answers: Record<number, number>, cardId: number, change: 1 | -1) {
  const count = (answers[cardId] ?? 0) + change
  const { [cardId]: _, ...others } = answers
  return count > 0 ? { ...others, [cardId]: count } : others
}

/** Distinct cards studied, and answers given, in this visit. */
export function studiedIn(state: Pick<SessionState, 'answers'>) {
  const counts = Object.values(state.answers)
  return { cards: counts.length, answers: counts.reduce((sum, count) => sum + count, 0) }
}

export const statusOf = (error: unknown) => (error instanceof HttpError ? error.status : 0)

/** The cards the page holds: the one shown and those queued after it. */
export const heldIds = (s: SessionState) => [
  ...(s.current ? [s.current.id] : []),
  ...s.queue.map((card) => card.id),
]

/**
 * The answer refused by a limit, or the next cards refused because the limit left none, stops the session: the
 * paywall (402) or the guest's sign-up (403).
 */
export function blockedBy(status: number, error: HttpError): Blocked {
  return {
    kind: status === 402 ? 'paywall' : 'guest',
    title: error.title ?? error.message,
    body: error.message,
  }
}
