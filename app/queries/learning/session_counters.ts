import db from '@adonisjs/lucid/services/db'
import { dailyRoom } from '#scheduling/daily_limits'
import type { ResolvedAlgorithm } from '#scheduling/presets'
import type { TopCounters } from '#types/deck_counts'

/*
 * The three counters a study session shows (spec: topCounters), defined once
 * for the session and for the deck lists, so that home, the deck page, the
 * API's decks and the study screen never disagree: new cards within today's
 * limits, learning cards due now or within the learn-ahead limit, reviews due
 * today within the limits. A frozen card counts in none of them. Speed
 * learning counts new, not quite and got it.
 */

/* learning cards due this soon come early rather than making the learner wait (Anki's learn-ahead limit) */
export const LEARN_AHEAD_SECONDS = 20 * 60

/** Cards by what a session does with them, before the daily limits. */
export interface Tally {
  newCards: number
  learningSoon: number
  reviewsDue: number
  studyAgain: number
  gotIt: number
}

export const TALLY_KEYS: (keyof Tally)[] = [
  'newCards',
  'learningSoon',
  'reviewsDue',
  'studyAgain',
  'gotIt',
]

export const learnAheadOf = (now: Date) => new Date(now.getTime() + LEARN_AHEAD_SECONDS * 1000)

/**
 * The tally's columns, over `cards as c` left-joined to the learner's
 * `card_progress as p`; `inStudy` is a further condition on the cards a query
 * keeps in its total but leaves out of the tally (the session's suspended cards).
 */
export function tallyColumns(now: Date, dayEnd: Date, inStudy = 'true') {
  const counted = `not coalesce(p.frozen, false) and (${inStudy})`
  return [
    db.raw(
      `count(*) filter (where ${counted} and coalesce(p.state, 'new') = 'new')::int as tally_new`
    ),
    db.raw(
      `count(*) filter (where ${counted} and p.state in ('learning', 'relearning') and p.due_at <= ?)::int as ` +
        `tally_learning_soon`,
      [learnAheadOf(now)]
    ),
    db.raw(
      `count(*) filter (where ${counted} and p.state = 'review' and p.due_at < ?)::int as tally_reviews_due`,
      [dayEnd]
    ),
    db.raw(
      `count(*) filter (where ${counted} and p.state = 'study_again')::int as tally_study_again`
    ),
    db.raw(`count(*) filter (where ${counted} and p.state = 'got_it')::int as tally_got_it`),
  ]
}

/** A row selected with tallyColumns, as a Tally. */
export function tallyOf(row: Record<string, unknown> | null | undefined): Tally {
  const value = (key: string) => Number(row?.[key] ?? 0)
  return {
    newCards: value('tally_new'),
    learningSoon: value('tally_learning_soon'),
    reviewsDue: value('tally_reviews_due'),
    studyAgain: value('tally_study_again'),
    gotIt: value('tally_got_it'),
  }
}

/** What a session shows, from the tally, the learner's use of the deck today and the deck's algorithm and limits. */
export function sessionCounters(
  tally: Tally,
  use: { cardsToday: number; newToday: number },
  algorithm: Pick<ResolvedAlgorithm, 'type' | 'newCardsPerDay' | 'maxCardsPerDay' | 'exam'>
): TopCounters {
  if (algorithm.type === 'speedLearning')
    return { new: tally.newCards, learning: tally.studyAgain, graduated: tally.gotIt }
  const room = dailyRoom(
    { reviewsDue: tally.reviewsDue, newAvailable: tally.newCards, ...use },
    algorithm
  )
  return { new: room.newCards, learning: tally.learningSoon, graduated: room.reviews }
}
