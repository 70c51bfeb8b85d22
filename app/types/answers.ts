import type { Answer, Progress } from '#scheduling/types'

/*
 * What a study answer asks and answers: the actions record it (app/actions/learning/answer_card.ts), the
 * transformers shape it.
 */

export interface AnswerInput {
  cardId: number
  answer: Answer
  /** the progress version the card was shown with; without it the answer is on the card as it is now */
  version?: number
  /** review_duration_ms as sent (undefined: not sent) */
  durationMs?: number
}

export interface AnswerResult {
  cardId: number
  answer: Answer
  progress: Progress
  version: number
  isFrozen: boolean
  leech: boolean
  /** true when this request repeated an answer already recorded */
  replayed: boolean
  /** true when the answer moved the learner's streak (their row was written) */
  streakMoved?: boolean
  /** the card's siblings this answer buried until the next study day (the deck's burying options) */
  buriedCardIds: number[]
}
