import type { ResolvedAlgorithm, StoredAlgorithmSettings } from '#scheduling/presets'
import type { BuryMode } from '#scheduling/burying'
import type { Progress, ProgressState } from '#scheduling/types'
import type { CardLabel } from '#note_types/types'

/*
 * Offline decks (issue 34, docs/api.md "Offline decks", decision 0095): what a
 * device downloads to study a root deck's tree without a connection, running
 * the server's own scheduler (app/scheduling, pure TypeScript), and what the
 * replay of the answers given offline says back. Dates are ISO 8601 strings.
 */

/**
 * A card's memory as the scheduler reads it: app/scheduling/types.ts Progress,
 * its dates as ISO strings (`new Date(text)` gives the Progress back).
 */
export type OfflineProgress = {
  state: ProgressState
  dueAt: string | null
  intervalDays: number
  /** SM-2 ease as a factor (2.5); 0 before the first graduation */
  ease: number
  step: number
  reps: number
  lapses: number
  stability: number | null
  difficulty: number | null
  lastReviewedAt: string | null
}

/** One card of the tree as the study page shows it, with the learner's state of it. */
export type OfflineCard = {
  id: number
  noteId: number
  /** the card's own deck (the root or one of its subdecks) */
  deckId: number
  ord: number
  /** which card of its note: a template, the reversed card, a cloze or an occlusion group */
  label: CardLabel
  /** rendered and sanitized sides, as the study page shows them; media as in `OfflinePage.media` */
  front: string
  back: string
  css: string
  /** a type-in card: the field asked and the text expected (compared on the device) */
  typeIn: { field: string; expected: string } | null
  progress: OfflineProgress
  /** the progress version (0 for a card never answered) */
  version: number
  /** frozen (a leech, or frozen by hand): not studied */
  isFrozen: boolean
  /** removed from study (suspended) by the learner: not studied */
  isSuspended: boolean
  /** buried until this instant (a sibling studied, or by hand), else null */
  buriedUntil: string | null
  /** the learner's flag, 1-7, 0 for none */
  flag: number
}

/** A file the page's cards show: fetch `url` (no header needed) and keep it under that URL. */
export type OfflineMedia = {
  key: string
  /** API: absolute signed link (decision 0086, valid 7+ days); web door: `/media/<key>` (the session) */
  url: string
  mime: string
  bytes: number
}

/** One deck of the tree (the root first, then its subdecks by position). */
export type OfflineTreeDeck = {
  id: number
  name: string
  parentId: number | null
  /** the deck's own daily limits (null: its main deck's, else the preset's); studying offline uses the root's */
  newCardsPerDay: number | null
  maxCardsPerDay: number | null
}

/** Everything the scheduler and the session's rules take, for studying the root deck's tree. */
export type OfflineStudySettings = {
  /** the root deck's algorithm resolved as a session of the root resolves it (presets.ts resolveAlgorithm,
   *  the learner's own daily limits on a shared deck, an exam ahead) */
  algorithm: ResolvedAlgorithm
  /** the root's stored tuning, as decks.algorithm_settings holds it */
  algorithmSettings: StoredAlgorithmSettings
  /** the learner's fitted FSRS weights, null for the defaults (SchedulingInput.fsrsParameters) */
  fsrsParameters: number[] | null
  /** sibling burying (burying.ts siblingKindsToBury) */
  buryMode: BuryMode
  /** learning cards due this soon are shown early (the session's learn-ahead limit) */
  learnAheadSeconds: number
  shuffleCardsEnabled: boolean
  /** the deck's text-to-speech with the browser's voices, null when off */
  tts: { autoplay: boolean; frontLanguage: string | null; backLanguage: string | null } | null
}

/** The learner's day and limits as of `generatedAt`. */
export type OfflineLearner = {
  /** minutes east of UTC (study_day.ts studyDay's timezoneOffsetMinutes) */
  timezoneOffsetMinutes: number
  /** the study day starts at this hour, local time (study_day.ts ROLLOVER_HOUR) */
  rolloverHour: number
  /** the study day of generatedAt (YYYY-MM-DD) and its bounds */
  today: string
  dayStart: string
  dayEnd: string
  /** distinct cards of this tree studied today, and how many of them were new (daily_limits.ts DailyUse) */
  treeCardsToday: number
  treeNewToday: number
  /** the plan's limit: none (premium), the free tier's distinct cards a day, a guest's cards in all */
  planLimit: { kind: 'daily' | 'guest' | null; limit: number | null; used: number }
  /** the streak: a day is active after this many cards (streak.ts ACTIVE_DAY_CARDS), in every deck */
  activeDayCards: number
  /** cards the learner studied today in all decks (study_days), and whether today is active already */
  cardsStudiedToday: number
  todayCompleted: boolean
  /** load balancing (balance.ts loadFromCounts): the learner's reviews due on each study day from today,
   *  index 0 = today, every deck; and their easy days (7 shares, Sunday first) */
  dueByDay: number[]
  easyDays: number[]
}

/**
 * GET /api/decks/{id}/offline?page=&per_page= (and the web's GET /decks/{id}/offline):
 * one page of a root deck's tree for offline study. Every page carries the
 * settings, the learner's day and the revision: a client that sees another
 * revision than the first page's starts the download again.
 */
export type OfflineDeckPage = {
  deckId: number
  name: string
  /** changes when a note or card of the tree is added, edited, moved or deleted, or a deck of it changes */
  revision: string
  generatedAt: string
  decks: OfflineTreeDeck[]
  settings: OfflineStudySettings
  learner: OfflineLearner
  totals: {
    /** every card of the tree (suspended ones too) */
    cards: number
    /** cards available offline: the tree's cards in study (the deck's offlineAvailableCount) */
    available: number
    /** distinct files the tree's notes show and their bytes */
    media: number
    mediaBytes: number
  }
  page: { number: number; perPage: number; pages: number; hasMore: boolean }
  /** this page's cards, by card id */
  cards: OfflineCard[]
  /** the files this page's cards show (a file shown on two pages is listed on both) */
  media: OfflineMedia[]
}

/** Why an answer given offline was not applied. */
export type OfflineRejectReason =
  /** the card no longer exists (its note was deleted) */
  | 'note_deleted'
  /** the card is no longer in the deck's tree (moved out) */
  | 'not_in_deck'
  /** the deck is archived */
  | 'deck_archived'
  /** the deck was unshared, the learner removed from it, or a shared deck deleted by its owner */
  | 'deck_unavailable'
  /** no deck of this id the learner sees (deleted, or never theirs) */
  | 'deck_not_found'
  /** a button the deck's mode does not have */
  | 'invalid_answer'
  /** the free tier's daily cards (or a guest's cards) were used up on that study day */
  | 'daily_limit'
  | 'guest_limit'

/** What became of one answer sent, in the order sent. */
export type OfflineReviewOutcome = {
  clientReviewId: string | null
  cardId: number
  reviewedAt: string
  /** applied now; duplicate: recorded before (an upload repeated); rejected: not applied (reason) */
  status: 'applied' | 'duplicate' | 'rejected'
  reason: OfflineRejectReason | null
  /** the card had answers after this one (another device): its schedule was recomputed from its history */
  recomputed: boolean
}

/** A card the replay touched, as the server now has it (the device replaces its own copy). */
export type OfflineCardState = {
  cardId: number
  progress: OfflineProgress
  version: number
  isFrozen: boolean
}

/** POST /api/learning/log_cards_review (and the web's POST /learning/offline_reviews). */
export type OfflineReplay = {
  accepted: number
  duplicates: number
  /** the answers not applied, and why (as `results` with status 'rejected') */
  rejected: { cardId: number; reviewedAt: string; reason: OfflineRejectReason }[]
  results: OfflineReviewOutcome[]
  cards: OfflineCardState[]
}

/** What became of one answer sent, before it is shaped (logOfflineReviews). */
export interface ReplayedReview {
  clientReviewId: string | null
  cardId: number
  reviewedAt: Date
  status: OfflineReviewOutcome['status']
  reason: OfflineRejectReason | null
  recomputed: boolean
}

/** What logOfflineReviews did: each answer's fate in the order sent, and the cards it named as they are now. */
export interface ReplayResult {
  results: ReplayedReview[]
  cards: { cardId: number; progress: Progress; version: number; isFrozen: boolean }[]
}
