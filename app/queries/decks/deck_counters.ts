import db from '@adonisjs/lucid/services/db'
import type Deck from '#models/deck'
import type User from '#models/user'
import { sessionAlgorithm, type AlgorithmColumns } from '#queries/learning/study_context'
import {
  sessionCounters,
  tallyColumns,
  tallyOf,
  TALLY_KEYS,
  type Tally,
} from '#queries/learning/session_counters'
import type { DeckCounts } from '#types/deck_counts'
import { studyDayBounds } from '#scheduling/study_day'
import { notSuspendedManySql, notSuspendedSql } from '#queries/learning/in_study'
import { decksByParent } from '#services/deck_hierarchy'

/* counted per deck, then added up the tree */
type Summed =
  | Exclude<
      keyof DeckCounts,
      | 'nextCardAppearsAt'
      | 'toLearnTodayTotalCount'
      | 'totalToReviewCount'
      | 'topCounters'
      | 'offlineAvailableCount'
    >
  | keyof Tally
  | 'dueLearning'
  | 'newToday'
type Own = Record<Summed, number> & { nextCardAppearsAt: string | null }

const SUMMED: Summed[] = [
  'totalCardsCount',
  'newCardsCount',
  'learningCardsCount',
  'graduatedCardsCount',
  'frozenCardsCount',
  'learntTodayCount',
  'studyAgainCardsCount',
  'gotItCardsCount',
  ...TALLY_KEYS,
  'dueLearning',
  'newToday',
]
const zero = (): Own => ({
  ...(Object.fromEntries(SUMMED.map((key) => [key, 0])) as Record<Summed, number>),
  nextCardAppearsAt: null,
})

type Counted = Pick<User, 'id' | 'today' | 'timezoneOffset'>

/** What the counters read of a deck: a model, or a row of the deck list (listed_decks.ts). */
export type CountedDeck = Pick<Deck, 'id' | 'parentId' | 'rootDeckId'> &
  AlgorithmColumns &
  Partial<Pick<Deck, 'offlineModeEnabled'>>

/*
 * Each deck's cards, and those of them this learner removed from study
 * (suspended): the first is the sum of the deck's few rows of
 * deck_card_tallies (kept by triggers on cards, migration 0047), and the
 * second reads only the learner's few suspensions, so neither walks the
 * deck's cards.
 */
const CARD_TOTALS = `
  select deck_id, sum(cards)::int as cards, 0 as suspended from deck_card_tallies where deck_id = any(?)
   group by deck_id
  union all
  select c.deck_id, 0, count(*)::int from card_suspensions s join cards c on c.id = s.card_id
   where s.user_id = ? and c.deck_id = any(?) group by c.deck_id`

/**
 * The learner's progress rows on the decks' cards still in study, counted by
 * state per deck (a card without a row is new). A row's deck_id is its
 * card's deck (every writer copies it from the card, moving notes moves
 * both; reset_progress and the statistics read it so too): the index on
 * (user_id, deck_id, state) finds the rows without a join to the cards.
 */
function progressCounts(user: Counted, ids: number[], now: Date, dayEnd: Date) {
  return (
    db
      .from('card_progress as p')
      .where('p.user_id', user.id)
      .whereRaw('p.deck_id = any(?)', [ids])
      /* a card this learner removed from study (suspended) is counted nowhere */
      .whereRaw(notSuspendedManySql('p.card_id'), [user.id])
      .groupBy('p.deck_id')
      .select('p.deck_id')
      .select(db.raw('count(*)::int as rows'))
      .select(db.raw(`count(*) filter (where p.state = 'new' and not p.frozen)::int as new`))
      .select(
        db.raw(
          `count(*) filter (where p.state in ('learning', 'relearning', 'study_again') and not p.frozen)::int ` +
            `as learning`
        )
      )
      .select(
        db.raw(
          `count(*) filter (where p.state in ('review', 'got_it') and not p.frozen)::int as graduated`
        )
      )
      .select(db.raw('count(*) filter (where p.frozen)::int as frozen'))
      .select(dueLearningColumn(dayEnd))
      .select(tallyColumns(now, dayEnd))
      .select(
        db.raw(
          `min(p.due_at) filter (where p.state in ('learning', 'relearning', 'review') and not p.frozen and ` +
            `p.due_at > now()) as next_due`
        )
      )
  )
}

/* learning cards due before the study day ends, as the session counts them */
const dueLearningColumn = (dayEnd: Date) =>
  db.raw(
    `count(*) filter (where p.state in ('learning', 'relearning') and not p.frozen and p.due_at < ?)::int ` +
      `as due_learning`,
    [dayEnd]
  )

/**
 * The learner's cards buried now (a sibling studied today, or buried by hand),
 * tallied per deck as progressCounts tallies them: the session counters leave
 * them out until their study day ends. Reads only the learner's few burials.
 */
function buriedCounts(user: Counted, ids: number[], now: Date, dayEnd: Date) {
  return db
    .from('card_burials as b')
    .join('cards as c', 'c.id', 'b.card_id')
    .leftJoin('card_progress as p', (join) =>
      join.on('p.card_id', 'c.id').andOnVal('p.user_id', user.id)
    )
    .where('b.user_id', user.id)
    .whereRaw('b.until > now()')
    .whereRaw('c.deck_id = any(?)', [ids])
    .whereRaw(notSuspendedSql(), [user.id])
    .groupBy('c.deck_id')
    .select('c.deck_id')
    .select(dueLearningColumn(dayEnd))
    .select(tallyColumns(now, dayEnd))
}

/** The distinct cards studied today per deck, and how many of them were new. */
function studiedToday(user: Counted, ids: number[], today: string) {
  return db
    .from('review_logs')
    .where('user_id', user.id)
    .where('study_day', today)
    .whereRaw('deck_id = any(?)', [ids])
    .groupBy('deck_id')
    .select('deck_id')
    .select(db.raw('count(distinct card_id)::int as cards'))
    .select(db.raw(`count(distinct card_id) filter (where state_before = 'new')::int as new_cards`))
}

/**
 * Each deck's own counts (not its subdecks'), in four statements run side
 * by side, whatever the number of decks. A card without a progress row is
 * new: the cards still in study less the rows counted.
 */
async function ownCounts(user: Counted, ids: number[], now: Date, today: string, dayEnd: Date) {
  const own = new Map<number, Own>()
  if (!ids.length) return own
  const [totals, rows, studied, buried] = await Promise.all([
    db.rawQuery(CARD_TOTALS, [ids, user.id, ids]),
    progressCounts(user, ids, now, dayEnd),
    studiedToday(user, ids, today),
    buriedCounts(user, ids, now, dayEnd),
  ])
  const buriedBy = new Map(buried.map((row) => [row.deck_id as number, row]))
  const inStudy = new Map<number, number>()
  for (const row of totals.rows)
    inStudy.set(row.deck_id, (inStudy.get(row.deck_id) ?? 0) + row.cards - row.suspended)
  const progressBy = new Map(rows.map((row) => [row.deck_id as number, row]))
  const studiedBy = new Map(studied.map((row) => [row.deck_id as number, row]))
  for (const id of ids) {
    const cards = inStudy.get(id) ?? 0
    const row = progressBy.get(id)
    const studiedRow = studiedBy.get(id)
    if (!cards && !row && !studiedRow) continue
    const unseen = cards - (row?.rows ?? 0)
    const tally = tallyOf(row)
    tally.newCards += unseen
    const buriedRow = buriedBy.get(id)
    const buriedTally = tallyOf(buriedRow)
    for (const key of TALLY_KEYS) tally[key] -= buriedTally[key]
    own.set(id, {
      totalCardsCount: cards,
      newCardsCount: unseen + (row?.new ?? 0),
      learningCardsCount: row?.learning ?? 0,
      graduatedCardsCount: row?.graduated ?? 0,
      frozenCardsCount: row?.frozen ?? 0,
      learntTodayCount: studiedRow?.cards ?? 0,
      studyAgainCardsCount: tally.studyAgain,
      gotItCardsCount: tally.gotIt,
      ...tally,
      dueLearning: (row?.due_learning ?? 0) - (buriedRow?.due_learning ?? 0),
      newToday: studiedRow?.new_cards ?? 0,
      nextCardAppearsAt: row?.next_due ? new Date(row.next_due).toISOString() : null,
    })
  }
  return own
}

/** A deck's counts include its subdecks': each deck's own counts added up its tree, the earliest next card kept. */
function treeSums(decks: CountedDeck[], own: Map<number, Own>) {
  const children = decksByParent(decks, (deck) => deck.parentId ?? undefined)
  const sums = new Map<number, Own>()
  const sum = (deck: CountedDeck): Own => {
    const cached = sums.get(deck.id)
    if (cached) return cached
    const result = { ...(own.get(deck.id) ?? zero()) }
    for (const child of children.get(deck.id) ?? []) {
      const counts = sum(child)
      for (const key of SUMMED) result[key] += counts[key]
      if (
        counts.nextCardAppearsAt &&
        (!result.nextCardAppearsAt || counts.nextCardAppearsAt < result.nextCardAppearsAt)
      ) {
        result.nextCardAppearsAt = counts.nextCardAppearsAt
      }
    }
    sums.set(deck.id, result)
    return result
  }
  return sum
}

/**
 * This learner's counts for each deck, subdecks included, in four
 * statements run side by side whatever the number of decks. A card without a progress row is new. "Due"
 * means before the learner's study day ends (their time zone, the 4 am
 * rollover), and the session's counters and "to learn today" apply each
 * deck's algorithm (its root's) and daily limits to its whole subtree, as a
 * study session of that deck does (session_counters.ts).
 */
export async function deckCounters(
  user: Counted,
  decks: CountedDeck[]
): Promise<Map<number, DeckCounts>> {
  const now = new Date()
  const today = user.today(now)
  const dayEnd = studyDayBounds(today, user.timezoneOffset ?? 0).end
  const sum = treeSums(
    decks,
    await ownCounts(
      user,
      decks.map((deck) => deck.id),
      now,
      today,
      dayEnd
    )
  )
  const byId = new Map(decks.map((deck) => [deck.id, deck]))
  /* one per root and daily limits, not per deck: a tree of a thousand decks shares its root's */
  const algorithms = new Map<string, ReturnType<typeof sessionAlgorithm>>()
  const algorithmOf = (deck: CountedDeck) => {
    const root = byId.get(deck.rootDeckId ?? deck.id) ?? deck
    const key = `${root.id}:${deck.newCardsPerDay}:${deck.maxCardsPerDay}`
    let algorithm = algorithms.get(key)
    if (!algorithm) algorithms.set(key, (algorithm = sessionAlgorithm(deck, root, today)))
    return algorithm
  }
  const totals = new Map<number, DeckCounts>()
  for (const deck of decks) {
    const {
      dueLearning,
      newToday,
      newCards,
      learningSoon,
      reviewsDue,
      studyAgain,
      gotIt,
      ...counts
    } = sum(deck)
    const algorithm = algorithmOf(deck)
    const tally = { newCards, learningSoon, reviewsDue, studyAgain, gotIt }
    const topCounters = sessionCounters(
      tally,
      { cardsToday: counts.learntTodayCount, newToday },
      algorithm
    )
    const speed = algorithm.type === 'speedLearning'
    /* offline mode is the main deck's (a subdeck goes offline with it): its cards in study */
    const root = byId.get(deck.rootDeckId ?? deck.id) ?? deck
    totals.set(deck.id, {
      ...counts,
      offlineAvailableCount: root.offlineModeEnabled ? counts.totalCardsCount : 0,
      totalToReviewCount: speed ? 0 : topCounters.graduated,
      /* learning cards due later today count too: the learner comes back for them */
      toLearnTodayTotalCount: speed
        ? topCounters.new + topCounters.learning
        : dueLearning + topCounters.graduated + topCounters.new,
      topCounters,
    })
  }
  return totals
}
