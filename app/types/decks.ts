import type { PresetName } from '#scheduling/presets'

/* What the deck pages show beyond the deck lists: plain types, for the queries that answer them and the pages. */

/** Why a shared deck is no longer available to a former participant (app/queries/decks/deck_unavailable.ts). */
export type UnavailableReason = 'deleted_by_owner' | 'access_removed' | 'sharing_stopped'
export type UnavailableDeck = { id: number; name: string; reason: UnavailableReason }

/**
 * A daily limit a deck leaves empty: the value it takes and whose it is (app/queries/learning/study_context.ts
 * inheritedLimits).
 */
type InheritedLimit = { value: number | null; from: 'preset' | 'main_deck' }
export type InheritedLimits = {
  preset: PresetName
  newCardsPerDay: InheritedLimit
  maxCardsPerDay: InheritedLimit
}

/** The exam plan as the deck page shows it (app/scheduling/exam_forecast.ts). */
export type ExamPlan = {
  examDate: string
  daysLeft: number
  cardsToLearn: number
  newPerDay: number
  newNeeded: number
  ceiling: number | null
  fits: boolean
  reviewsPerDay: number[]
  predictedRetention: number
  target: number
}
