import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { StudyContext } from '#queries/learning/study_context'
import { notBuriedSql, notSuspendedSql } from '#queries/learning/in_study'
import { learnAheadOf, sessionCounters, tallyOf } from '#queries/learning/session_counters'
import type { TopCounters } from '#types/deck_counts'
import { siblingGate, type GatheredKind } from '#queries/learning/sibling_gate'
import { queueTotals, type QueueTotals } from '#queries/learning/queue_totals'
import {
  answeredTodayColumn,
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
  const totals = await queueTotals(
    context,
    { held: exclude, limitKind: limited?.kind ?? null, nextDue: true },
    options.trx
  )
  const total = totals.total
  const nextDue = totals.next_due ? new Date(totals.next_due).toISOString() : null
  const counters = countersOf(context, totals)
  const gate = startLimit(limited, totals)

  if (context.algorithm.type === 'speedLearning') {
    const rows = await cardsOf(context, client, exclude, gate)
      .whereRaw(`coalesce(p.state, 'new') <> 'got_it'`)
      .orderByRaw(`p.last_reviewed_at asc nulls first, ${order.sql}, c.id`, order.bindings)
      .limit(limit)
      .select('c.id')
    return finish(withinLimit(gate, rows), counters, total, null, gate)
  }

  /* what the client holds is already handed out */
  const newShown = counters.new - totals.held_new
  const reviewsShown = counters.graduated - totals.held_reviews

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

/** The session's counters from the queue's totals (speed learning counts no use of the day). */
function countersOf(context: StudyContext, totals: QueueTotals) {
  const use =
    context.algorithm.type === 'speedLearning'
      ? { cardsToday: 0, newToday: 0 }
      : { newToday: totals.new_today, cardsToday: totals.cards_today }
  return sessionCounters(tallyOf(totals), use, context.algorithm)
}

/**
 * The counters and whether a card is left to show now: what studyQueue(context, { limit: 1 }) tells, read after
 * every answer. Without a limit of the learner's to gate the cards (premium) and outside speed learning, the
 * counters tell it alone, in the totals' one statement: the queue hands out a learning card due within the
 * learn-ahead limit (the learning counter), a review within the day's room (graduated) or a new card within it
 * (new), each in study and not buried as the counters count them. Otherwise the queue looks for the card.
 */
export async function queueStanding(
  context: StudyContext
): Promise<Pick<QueueState, 'counters' | 'errorType'>> {
  if (context.algorithm.type === 'speedLearning' || queueLimitOf(context, true)) {
    const { counters, errorType } = await studyQueue(context, { limit: 1 })
    return { counters, errorType }
  }
  const totals = await queueTotals(context, { held: [], limitKind: null, nextDue: false })
  const counters = countersOf(context, totals)
  const left = counters.new + counters.learning + counters.graduated
  return {
    counters,
    errorType: totals.total === 0 ? 'emptyDeck' : left > 0 ? null : 'allCardsLearned',
  }
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
