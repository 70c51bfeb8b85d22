/*
 * The shapes every scheduler shares: a card's memory as stored in
 * card_progress, and what one answer would turn it into.
 */
export type Rating = 'again' | 'hard' | 'good' | 'easy'
export const RATINGS: Rating[] = ['again', 'hard', 'good', 'easy']

export type SpeedAnswer = 'study_again' | 'got_it'
export const SPEED_ANSWERS: SpeedAnswer[] = ['study_again', 'got_it']

export type Answer = Rating | SpeedAnswer

/** FSRS and Anki count ratings 1–4; the two speed buttons count as Again and Good. */
export const RATING_NUMBER: Record<Answer, 1 | 2 | 3 | 4> = {
  again: 1,
  hard: 2,
  good: 3,
  easy: 4,
  study_again: 1,
  got_it: 3,
}

export type ProgressState = 'new' | 'learning' | 'review' | 'relearning' | 'study_again' | 'got_it'

/** A card's memory, column for column as card_progress keeps it. */
export interface Progress {
  state: ProgressState
  dueAt: Date | null
  /** the scheduled interval in days (0 while learning) */
  intervalDays: number
  /** SM-2 ease as a factor (2.5); 0 before the first graduation */
  ease: number
  /** learning or relearning steps still to go */
  step: number
  reps: number
  lapses: number
  /** FSRS memory state, null for SM-2 cards */
  stability: number | null
  difficulty: number | null
  lastReviewedAt: Date | null
}

export const NEW_PROGRESS: Progress = {
  state: 'new',
  dueAt: null,
  intervalDays: 0,
  ease: 0,
  step: 0,
  reps: 0,
  lapses: 0,
  stability: null,
  difficulty: null,
  lastReviewedAt: null,
}

/** What one answer makes of the card. */
export interface Outcome {
  progress: Progress
  /** seconds from the answer until the card is due again */
  delaySeconds: number
  /** the answer made the card a leech: it is frozen and the learner told */
  leech: boolean
}
