import db from '@adonisjs/lucid/services/db'
import type Deck from '#models/deck'
import type User from '#models/user'
import { sessionAlgorithm } from '#queries/learning/study_context'
import { NO_TOP_COUNTERS, sessionCounters, tallyColumns, tallyOf, TALLY_KEYS, type Tally, type TopCounters } from '#queries/learning/session_counters'
import { studyDayBounds } from '#scheduling/study_day'
import { notSuspendedSql } from '#queries/learning/in_study'

/** The spec's deck counters (spaced repetition, with the speed-learning additions). */
export interface DeckCounts {
  totalCardsCount: number
  /** cards by state, whenever they are due; frozen cards count as frozen only */
  newCardsCount: number
  learningCardsCount: number
  graduatedCardsCount: number
  frozenCardsCount: number
  /** the reviews a session shows today (due before the study day ends, within the daily limits); learning cards are not reviews */
  totalToReviewCount: number
  /** what a session shows today: due cards and new cards, within the deck's daily limits */
  toLearnTodayTotalCount: number
  /** distinct cards studied today */
  learntTodayCount: number
  studyAgainCardsCount: number
  gotItCardsCount: number
  nextCardAppearsAt: string | null
  /** the counters a study session of this deck starts with (the learning response's topCounters) */
  topCounters: TopCounters
}

/** A deck with no cards (or none counted yet). */
export const NO_COUNTS: DeckCounts = {
  totalCardsCount: 0, newCardsCount: 0, learningCardsCount: 0, graduatedCardsCount: 0, frozenCardsCount: 0,
  totalToReviewCount: 0, toLearnTodayTotalCount: 0, learntTodayCount: 0, studyAgainCardsCount: 0, gotItCardsCount: 0,
  nextCardAppearsAt: null, topCounters: NO_TOP_COUNTERS,
}

/* counted per deck, then added up the tree */
type Summed =
  | Exclude<keyof DeckCounts, 'nextCardAppearsAt' | 'toLearnTodayTotalCount' | 'totalToReviewCount' | 'topCounters'>
  | keyof Tally | 'dueLearning' | 'newToday'
type Own = Record<Summed, number> & { nextCardAppearsAt: string | null }

const SUMMED: Summed[] = [
  'totalCardsCount', 'newCardsCount', 'learningCardsCount', 'graduatedCardsCount', 'frozenCardsCount',
  'learntTodayCount', 'studyAgainCardsCount', 'gotItCardsCount', ...TALLY_KEYS, 'dueLearning', 'newToday',
]
const zero = (): Own => ({ ...(Object.fromEntries(SUMMED.map((key) => [key, 0])) as Record<Summed, number>), nextCardAppearsAt: null })

type Counted = Pick<User, 'id' | 'today' | 'timezoneOffset'>

/** Each deck's own counts (not its subdecks'), in two queries whatever the number of decks. A card without a progress row is new. */
async function ownCounts(user: Counted, ids: number[], now: Date, today: string, dayEnd: Date) {
  const own = new Map<number, Own>()
  if (!ids.length) return own
  const rows = await db
    .from('cards as c')
    .leftJoin('card_progress as p', (join) => join.on('p.card_id', 'c.id').andOnVal('p.user_id', user.id))
    .whereIn('c.deck_id', ids)
    /* a card this learner removed from study (suspended) is counted nowhere */
    .whereRaw(notSuspendedSql(), [user.id])
    .groupBy('c.deck_id')
    .select('c.deck_id')
    .select(db.raw('count(*)::int as total'))
    .select(db.raw(`count(*) filter (where coalesce(p.state, 'new') = 'new' and not coalesce(p.frozen, false))::int as new`))
    .select(db.raw(`count(*) filter (where p.state in ('learning', 'relearning', 'study_again') and not p.frozen)::int as learning`))
    .select(db.raw(`count(*) filter (where p.state in ('review', 'got_it') and not p.frozen)::int as graduated`))
    .select(db.raw('count(*) filter (where p.frozen)::int as frozen'))
    .select(db.raw(`count(*) filter (where p.state in ('learning', 'relearning') and not p.frozen and p.due_at < ?)::int as due_learning`, [dayEnd]))
    .select(tallyColumns(now, dayEnd))
    .select(db.raw(`min(p.due_at) filter (where p.state in ('learning', 'relearning', 'review') and not p.frozen and p.due_at > now()) as next_due`))
  const studied = await db
    .from('review_logs')
    .where('user_id', user.id)
    .where('study_day', today)
    .whereIn('deck_id', ids)
    .groupBy('deck_id')
    .select('deck_id')
    .select(db.raw('count(distinct card_id)::int as cards'))
    .select(db.raw(`count(distinct card_id) filter (where state_before = 'new')::int as new_cards`))
  const studiedBy = new Map(studied.map((row) => [row.deck_id as number, row]))
  for (const row of rows) {
    const studiedToday = studiedBy.get(row.deck_id)
    const tally = tallyOf(row)
    own.set(row.deck_id, {
      totalCardsCount: row.total, newCardsCount: row.new, learningCardsCount: row.learning,
      graduatedCardsCount: row.graduated, frozenCardsCount: row.frozen,
      learntTodayCount: studiedToday?.cards ?? 0, studyAgainCardsCount: tally.studyAgain, gotItCardsCount: tally.gotIt,
      ...tally, dueLearning: row.due_learning, newToday: studiedToday?.new_cards ?? 0,
      nextCardAppearsAt: row.next_due ? new Date(row.next_due).toISOString() : null,
    })
  }
  for (const row of studied) if (!own.has(row.deck_id)) own.set(row.deck_id, { ...zero(), learntTodayCount: row.cards, newToday: row.new_cards })
  return own
}

/** A deck's counts include its subdecks': each deck's own counts added up its tree, the earliest next card kept. */
function treeSums(decks: Deck[], own: Map<number, Own>) {
  const children = new Map<number, Deck[]>()
  for (const deck of decks) {
    if (deck.parentId) children.set(deck.parentId, [...(children.get(deck.parentId) ?? []), deck])
  }
  const sums = new Map<number, Own>()
  const sum = (deck: Deck): Own => {
    const cached = sums.get(deck.id)
    if (cached) return cached
    const result = { ...(own.get(deck.id) ?? zero()) }
    for (const child of children.get(deck.id) ?? []) {
      const counts = sum(child)
      for (const key of SUMMED) result[key] += counts[key]
      if (counts.nextCardAppearsAt && (!result.nextCardAppearsAt || counts.nextCardAppearsAt < result.nextCardAppearsAt)) {
        result.nextCardAppearsAt = counts.nextCardAppearsAt
      }
    }
    sums.set(deck.id, result)
    return result
  }
  return sum
}

/**
 * This learner's counts for each deck, subdecks included, in two queries
 * whatever the number of decks. A card without a progress row is new. "Due"
 * means before the learner's study day ends (their time zone, the 4 am
 * rollover), and the session's counters and "to learn today" apply each
 * deck's algorithm (its root's) and daily limits to its whole subtree, as a
 * study session of that deck does (session_counters.ts).
 */
export async function deckCounters(user: Counted, decks: Deck[]): Promise<Map<number, DeckCounts>> {
  const now = new Date()
  const today = user.today(now)
  const dayEnd = studyDayBounds(today, user.timezoneOffset ?? 0).end
  const sum = treeSums(decks, await ownCounts(user, decks.map((deck) => deck.id), now, today, dayEnd))
  const byId = new Map(decks.map((deck) => [deck.id, deck]))
  const totals = new Map<number, DeckCounts>()
  for (const deck of decks) {
    const { dueLearning, newToday, newCards, learningSoon, reviewsDue, studyAgain, gotIt, ...counts } = sum(deck)
    const algorithm = sessionAlgorithm(deck, byId.get(deck.rootDeckId ?? deck.id) ?? deck)
    const tally = { newCards, learningSoon, reviewsDue, studyAgain, gotIt }
    const topCounters = sessionCounters(tally, { cardsToday: counts.learntTodayCount, newToday }, algorithm)
    const speed = algorithm.type === 'speedLearning'
    totals.set(deck.id, {
      ...counts,
      totalToReviewCount: speed ? 0 : topCounters.graduated,
      /* learning cards due later today count too: the learner comes back for them */
      toLearnTodayTotalCount: speed ? topCounters.new + topCounters.learning : dueLearning + topCounters.graduated + topCounters.new,
      topCounters,
    })
  }
  return totals
}
