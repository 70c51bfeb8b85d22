/*
 * The counters the deck lists and a study session show (their reads:
 * app/queries/learning/session_counters.ts, app/queries/decks/deck_counters.ts),
 * with their zero values, for the transformers that shape them.
 */

/* a type alias, not an interface: Inertia's render() wants props assignable to JSON records */
export type TopCounters = {
  new: number
  learning: number
  graduated: number
}

const NO_TOP_COUNTERS: TopCounters = { new: 0, learning: 0, graduated: 0 }

/** The spec's deck counters (spaced repetition, with the speed-learning additions). */
export interface DeckCounts {
  totalCardsCount: number
  /** cards by state, whenever they are due; frozen cards count as frozen only */
  newCardsCount: number
  learningCardsCount: number
  graduatedCardsCount: number
  frozenCardsCount: number
  /**
   * the reviews a session shows today (due before the study day ends, within the daily limits); learning cards
   * are not reviews
   */
  totalToReviewCount: number
  /** what a session shows today: due cards and new cards, within the deck's daily limits */
  toLearnTodayTotalCount: number
  /** distinct cards studied today */
  learntTodayCount: number
  studyAgainCardsCount: number
  gotItCardsCount: number
  nextCardAppearsAt: string | null
  /** the cards of the tree available offline: those in study, when the main deck's offline mode is on; else 0 */
  offlineAvailableCount: number
  /** the counters a study session of this deck starts with (the learning response's topCounters) */
  topCounters: TopCounters
}

/** A deck with no cards (or none counted yet). */
export const NO_COUNTS: DeckCounts = {
  totalCardsCount: 0,
  newCardsCount: 0,
  learningCardsCount: 0,
  graduatedCardsCount: 0,
  frozenCardsCount: 0,
  totalToReviewCount: 0,
  toLearnTodayTotalCount: 0,
  learntTodayCount: 0,
  studyAgainCardsCount: 0,
  gotItCardsCount: 0,
  nextCardAppearsAt: null,
  offlineAvailableCount: 0,
  topCounters: NO_TOP_COUNTERS,
}
