import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { StudyContext } from '#queries/learning/study_context'
import { notBuriedSql, notSuspendedSql } from '#queries/learning/in_study'
import { preparedRows } from '#services/prepared_query'
import {
  learnAheadOf,
  sessionCounters,
  tallyColumns,
  tallyOf,
} from '#queries/learning/session_counters'
import type { TopCounters } from '#types/deck_counts'
import { siblingGate, type GatheredKind } from '#queries/learning/sibling_gate'
import {
  answeredTodayColumn,
  limitColumns,
  queueLimitOf,
  startLimit,
  withinLimit,
  type QueueLimit,
} from '#queries/learning/queue_allowance'

/*
 * What a study session shows next, Anki's way: learning cards that are due,
 * then the reviews due today, then new cards, within the deck's daily
 * limits. When nothing else is left, learning cards due within the next 20
 * minutes come early rather than making the learner wait (Anki's learn-ahead
 * limit). Speed learning loops through every card not yet got, the ones not
 * seen in this round first.
 *
 * The cards a client still holds (`excludeIds`: handed out, not yet
 * answered) take their share of today's room, so a page that fetches ahead
 * never introduces more new cards than the limit. A free learner's daily
 * limit and a guest's limit hold too (queue_allowance.ts): no card is handed
 * out that its answer would be refused for. With "Shuffle cards" on,
 * new cards (and a speed-learning round) come in an order of their own for
 * each learner and day, the same on every fetch of that day.
 */
export const PREFETCH = 7

export interface QueueState {
  cardIds: number[]
  counters: TopCounters
  /** emptyDeck: the deck has no cards; allCardsLearned: nothing left for today */
  errorType: 'emptyDeck' | 'allCardsLearned' | null
  /** the next time a card comes due, when nothing is left now */
  nextCardAppearsAt: string | null
  /** the learner's limit as the cards were handed out; null for premium (and for the counters alone) */
  limit: QueueLimit | null
}

/**
 * The learner's use of the deck today (new cards introduced, distinct cards studied), as two columns of the
 * totals' statement.
 */
function todaysUseColumns(context: StudyContext, client: TransactionClientContract | typeof db) {
  const today = `from review_logs where user_id = ? and study_day = ? and deck_id = any(?)`
  const bindings = [context.user.id, context.today, context.deckIds]
  return [
    client.raw(
      `(select count(distinct card_id) filter (where state_before = 'new') ${today})::int as new_today`,
      bindings
    ),
    client.raw(`(select count(distinct card_id) ${today})::int as cards_today`, bindings),
  ]
}

/** Of the cards the client still holds, the new ones and the reviews due today. */
function heldColumns(context: StudyContext, held: number[]) {
  /* a held card buried since (a sibling answered) is in no counter: it takes no share */
  const counted = `c.id = any(?::int[]) and not coalesce(p.frozen, false) and b.card_id is null`
  return [
    db.raw(
      `count(*) filter (where ${counted} and coalesce(p.state, 'new') = 'new')::int as held_new`,
      [held]
    ),
    db.raw(
      `count(*) filter (where ${counted} and p.state = 'review' and p.due_at < ?)::int as held_reviews`,
      [held, context.dayEnd]
    ),
  ]
}

/** The order new cards come in: the notes' order, or with "Shuffle cards" one stable for the learner's day. */
function newCardOrder(context: StudyContext) {
  if (!context.deck.shuffleCardsEnabled) return { sql: 'c.deck_id, c.note_id, c.ord', bindings: [] }
  return {
    sql: `md5(c.id::text || ':' || ?::text), c.id`,
    bindings: [`${context.user.id}:${context.today}`],
  }
}

function cardsOf(
  context: StudyContext,
  client: TransactionClientContract | typeof db,
  excludeIds: number[],
  gate: QueueLimit | null = null
) {
  const query = client
    .from('cards as c')
    .leftJoin('card_progress as p', (join) =>
      join.on('p.card_id', 'c.id').andOnVal('p.user_id', context.user.id)
    )
    .whereIn('c.deck_id', context.deckIds)
    .whereRaw('not coalesce(p.frozen, false)')
    .whereRaw(notSuspendedSql(), [context.user.id])
    .whereRaw(notBuriedSql(), [context.user.id])
  if (excludeIds.length) query.whereNotIn('c.id', excludeIds)
  if (gate) {
    query.select(answeredTodayColumn(context))
    /* with the limit used up only cards answered today can come: those first */
    if (gate.left <= 0) query.orderByRaw('answered_today desc')
  }
  return query
}

export async function studyQueue(
  context: StudyContext,
  options: { limit?: number; excludeIds?: number[]; trx?: TransactionClientContract } = {}
): Promise<QueueState> {
  const client = options.trx ?? db
  const limit = options.limit ?? PREFETCH
  const exclude = options.excludeIds ?? []
  const now = context.now
  const learnAhead = learnAheadOf(now)
  const order = newCardOrder(context)
  const limited = queueLimitOf(context, limit > 0)

  /* a suspended or buried card counts as a card of the deck (it is not empty) and nowhere else */
  const inStudy = 'not coalesce(p.frozen, false) and s.card_id is null'
  const notBuried = `s.card_id is null and b.card_id is null`
  const totalsQuery = client
    .from('cards as c')
    .leftJoin('card_progress as p', (join) =>
      join.on('p.card_id', 'c.id').andOnVal('p.user_id', context.user.id)
    )
    .leftJoin('card_suspensions as s', (join) =>
      join.on('s.card_id', 'c.id').andOnVal('s.user_id', context.user.id)
    )
    .leftJoin('card_burials as b', (join) =>
      join
        .on('b.card_id', 'c.id')
        .andOnVal('b.user_id', context.user.id)
        .andOnVal('b.until', '>', now)
    )
    .whereRaw('c.deck_id = any(?)', [context.deckIds])
    .select(db.raw('count(*)::int as total'))
    .select(tallyColumns(now, context.dayEnd, notBuried))
    .select(
      db.raw(
        `min(p.due_at) filter (where ${inStudy} and p.state in ('learning', 'relearning', 'review'))  as next_due`
      )
    )
    .select(todaysUseColumns(context, client))
    .select(heldColumns(context, exclude))
  if (limited) totalsQuery.select(limitColumns(context, limited.kind, exclude))
  /* after every answer: parsed once per connection, outside a transaction */
  const [totals] = options.trx ? await totalsQuery : await preparedRows(totalsQuery)
  const total = totals?.total ?? 0
  const nextDue = totals?.next_due ? new Date(totals.next_due).toISOString() : null
  const tally = tallyOf(totals)
  const gate = startLimit(limited, totals)

  if (context.algorithm.type === 'speedLearning') {
    const rows = await cardsOf(context, client, exclude, gate)
      .whereRaw(`coalesce(p.state, 'new') <> 'got_it'`)
      .orderByRaw(`p.last_reviewed_at asc nulls first, ${order.sql}, c.id`, order.bindings)
      .limit(limit)
      .select('c.id')
    return finish(
      withinLimit(gate, rows),
      sessionCounters(tally, { cardsToday: 0, newToday: 0 }, context.algorithm),
      total,
      null,
      gate
    )
  }

  const counters = sessionCounters(
    tally,
    { newToday: totals?.new_today ?? 0, cardsToday: totals?.cards_today ?? 0 },
    context.algorithm
  )
  /* what the client holds is already handed out */
  const newShown = counters.new - (totals?.held_new ?? 0)
  const reviewsShown = counters.graduated - (totals?.held_reviews ?? 0)

  const ids: number[] = []
  /* with sibling burying on, a note's buried kinds wait once one of its cards is out (sibling_gate.ts) */
  const siblings = limit > 0 ? await siblingGate(context, client, exclude) : null
  const take = async (query: ReturnType<typeof cardsOf>, room: number, kind: GatheredKind) => {
    const want = Math.min(room, limit - ids.length)
    if (want <= 0) return
    const rows = await query.limit(siblings ? want * 3 : want).select('c.id', 'c.note_id')
    ids.push(...withinLimit(gate, siblings ? siblings.keep(rows, kind, want) : rows))
  }
  await take(
    cardsOf(context, client, exclude, gate)
      .whereIn('p.state', ['learning', 'relearning'])
      .where('p.due_at', '<=', now)
      .orderBy('p.due_at'),
    limit,
    'learning'
  )
  await take(
    cardsOf(context, client, exclude, gate)
      .where('p.state', 'review')
      .where('p.due_at', '<', context.dayEnd)
      .orderBy('p.due_at')
      .orderBy('c.id'),
    reviewsShown,
    'review'
  )
  await take(
    cardsOf(context, client, exclude, gate)
      .whereRaw(`coalesce(p.state, 'new') = 'new'`)
      .orderByRaw(order.sql, order.bindings),
    newShown,
    'new'
  )
  if (!ids.length) {
    await take(
      cardsOf(context, client, exclude, gate)
        .whereIn('p.state', ['learning', 'relearning'])
        .where('p.due_at', '<=', learnAhead)
        .orderBy('p.due_at'),
      limit,
      'learning'
    )
  }
  return finish(ids, counters, total, nextDue, gate)
}

function finish(
  cardIds: number[],
  counters: TopCounters,
  total: number,
  nextCardAppearsAt: string | null,
  limit: QueueLimit | null
): QueueState {
  const errorType = total === 0 ? 'emptyDeck' : cardIds.length === 0 ? 'allCardsLearned' : null
  return {
    cardIds,
    counters,
    errorType,
    nextCardAppearsAt: errorType ? nextCardAppearsAt : null,
    limit,
  }
}
