/*
 * The learning page's shapes, as the server sends them (app/actions/learning/session.ts,
 * app/queries/learning/present_cards.ts). Type aliases, not interfaces: Inertia's
 * render() wants props assignable to JSON records.
 */
import type { StreakFields } from '~/components/study/types'
import type { EditedNote, NoteTypeOption } from '~/components/editor/note_form'

export type AnswerType = 'again' | 'hard' | 'good' | 'easy' | 'study_again' | 'got_it'
export type AlgorithmType = 'spacedRepetition' | 'speedLearning'

export type AnswerButton = {
  type: AnswerType
  /** "<1m", "15m", "4d" in the learner's language; null for the speed buttons */
  repeatText: string | null
  delaySeconds: number
}

export type CardLabel =
  | { type: 'standard'; template: string }
  | { type: 'reversed' }
  | { type: 'cloze'; index: number }
  | { type: 'occlusion'; group: number }

export type LearningCard = {
  id: number
  noteId: number
  deckId: number
  ord: number
  label: CardLabel
  /** both sides rendered and sanitized by the server */
  front: string
  back: string
  css: string
  /** a type-in card: the field asked for and the plain-text answer to compare with */
  typeIn: { field: string; expected: string } | null
  state: string
  isFrozen: boolean
  /** an answer names this version; an answer to a card changed since is refused (409) */
  version: number
  reps: number
  lapses: number
  dueAt: string | null
  answerButtons: AnswerButton[]
}

export type TopCounters = { new: number; learning: number; graduated: number }
export type ErrorType = 'emptyDeck' | 'allCardsLearned' | null

/** GET /learn/:deckId/cards */
export type CardsBatch = {
  cards: LearningCard[]
  topCounters: TopCounters
  errorType: ErrorType
  nextCardAppearsAt: string | null
  algorithmType: AlgorithmType
  isUndoActionAvailable: boolean
}

/** POST /learn/:deckId/answer */
export type AnswerResponse = {
  card: { id: number; state: string; version: number; dueAt: string | null; isFrozen: boolean }
  leech: boolean
  replayed: boolean
  topCounters: TopCounters
  isUndoActionAvailable: boolean
  streak: StreakFields
}

/** DELETE /learn/:deckId/undo */
export type UndoResponse = {
  card: LearningCard | null
  topCounters: TopCounters
  isUndoActionAvailable: boolean
}

/** GET /decks/:id/learn: the first batch, and what the page needs around it */
export type SessionProps = CardsBatch & {
  deck: { id: number; name: string; rootDeckId: number | null }
  card: LearningCard | null
  tutorialSeen: boolean
  streak: StreakFields
}

/** GET /learn/cards/:id/fields: the note as the notes editor opens it */
export type CardFields = {
  cardId: number
  deck: { id: number; name: string; imagesAllowed: boolean }
  noteType: NoteTypeOption
  note: EditedNote
}

/** GET /learn/cards/:id/stats */
export type CardStats = {
  cardId: number
  createdAt: string
  status: 'not_studied' | 'learning' | 'not_quite' | 'got_it' | 'mastered' | 'frozen'
  ease: number | null
  difficulty: number | null
  stability: number | null
  intervalDays: number
  nextReviewAt: string | null
  lastReviewedAt: string | null
  reviewsCount: number
  lapses: number
  averageReviewTimeMs: number | null
  totalReviewTimeMs: number
  history: {
    reviewedAt: string
    answer: AnswerType
    kind: string
    intervalDays: number | null
    ease: number | null
    durationMs: number
  }[]
}
