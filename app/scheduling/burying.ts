import type { StoredAlgorithmSettings } from '#scheduling/presets'

/*
 * Anki's sibling burying (rslib/src/scheduler/bury_and_suspend.rs): when a
 * card is answered, the other cards of its note ("siblings") of the kinds the
 * deck's options name are kept out of study until the learner's next study
 * day. Three options, all off by default as in Anki: bury new siblings,
 * review siblings, interday learning siblings. As Anki does, the kinds of
 * sibling a study session gathers before the answered card's kind are left
 * alone (its order: learning, interday learning, reviews, new): answering a
 * new card buries new siblings only, answering a review buries review and
 * new siblings, answering a learning card buries all three kinds.
 */

export interface BuryMode {
  buryNew: boolean
  buryReviews: boolean
  buryInterdayLearning: boolean
}

/** A sibling's kind as burying sees it; intraday learning cards are never buried. */
export type SiblingKind = 'new' | 'review' | 'interdayLearning'

/** The deck's burying options, as the root deck's algorithm settings store them. */
export function buryModeOf(stored: StoredAlgorithmSettings | null | undefined): BuryMode {
  return {
    buryNew: stored?.bury_new === true,
    buryReviews: stored?.bury_reviews === true,
    buryInterdayLearning: stored?.bury_interday_learning === true,
  }
}

/* Anki's gathering order of the queues (CardQueue::gather_ord) */
const GATHER_ORDER: Record<string, number> = {
  learning: 0,
  relearning: 0,
  review: 2,
  new: 3,
}

/**
 * The kinds of sibling an answer to a card in `stateBefore` buries. Speed
 * learning's states (study_again, got_it) bury nothing: that mode loops over
 * every card not yet got, Anki has no such mode.
 */
export function siblingKindsToBury(mode: BuryMode, stateBefore: string): SiblingKind[] {
  const order = GATHER_ORDER[stateBefore]
  if (order === undefined) return []
  const kinds: SiblingKind[] = []
  if (mode.buryNew) kinds.push('new')
  if (mode.buryReviews && order <= 2) kinds.push('review')
  if (mode.buryInterdayLearning && order <= 1) kinds.push('interdayLearning')
  return kinds
}
