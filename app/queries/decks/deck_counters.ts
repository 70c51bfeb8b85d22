import db from '@adonisjs/lucid/services/db'
import type Deck from '#models/deck'
import type User from '#models/user'
import { studyDayBounds } from '#scheduling/study_day'

export interface DeckCounts {
  totalCardsCount: number
  newCardsCount: number
  learningCardsCount: number
  graduatedCardsCount: number
  frozenCardsCount: number
  totalToReviewCount: number
  nextCardAppearsAt: string | null
}

const ZERO: DeckCounts = {
  totalCardsCount: 0, newCardsCount: 0, learningCardsCount: 0, graduatedCardsCount: 0,
  frozenCardsCount: 0, totalToReviewCount: 0, nextCardAppearsAt: null,
}

/**
 * This learner's counts for each deck, subdecks included, in one query
 * whatever the number of decks. A card without a progress row is new.
 * "To review" means due before the learner's study day ends (their time
 * zone, the 4 am rollover), as the learning session counts it.
 */
export async function deckCounters(user: Pick<User, 'id' | 'today' | 'timezoneOffset'>, decks: Deck[]): Promise<Map<number, DeckCounts>> {
  const own = new Map<number, DeckCounts>()
  const userId = user.id
  const dayEnd = studyDayBounds(user.today(), user.timezoneOffset ?? 0).end
  if (decks.length) {
    const rows = await db
      .from('cards as c')
      .leftJoin('card_progress as p', (join) => join.on('p.card_id', 'c.id').andOnVal('p.user_id', userId))
      .whereIn('c.deck_id', decks.map((deck) => deck.id))
      .groupBy('c.deck_id')
      .select('c.deck_id')
      .select(db.raw('count(*)::int as total'))
      .select(db.raw(`count(*) filter (where coalesce(p.state, 'new') = 'new' and not coalesce(p.frozen, false))::int as new`))
      .select(db.raw(`count(*) filter (where p.state in ('learning', 'relearning', 'study_again') and not p.frozen)::int as learning`))
      .select(db.raw(`count(*) filter (where p.state in ('review', 'got_it') and not p.frozen)::int as graduated`))
      .select(db.raw('count(*) filter (where p.frozen)::int as frozen'))
      .select(db.raw(`count(*) filter (where p.state in ('learning', 'relearning', 'review') and not p.frozen and p.due_at < ?)::int as due`, [dayEnd]))
      .select(db.raw(`min(p.due_at) filter (where p.state in ('learning', 'relearning', 'review') and not p.frozen and p.due_at > now()) as next_due`))
    for (const row of rows) {
      own.set(row.deck_id, {
        totalCardsCount: row.total, newCardsCount: row.new, learningCardsCount: row.learning,
        graduatedCardsCount: row.graduated, frozenCardsCount: row.frozen, totalToReviewCount: row.due,
        nextCardAppearsAt: row.next_due ? new Date(row.next_due).toISOString() : null,
      })
    }
  }
  /* a deck's counts include its subdecks' */
  const children = new Map<number, Deck[]>()
  for (const deck of decks) {
    if (deck.parentId) children.set(deck.parentId, [...(children.get(deck.parentId) ?? []), deck])
  }
  const totals = new Map<number, DeckCounts>()
  const total = (deck: Deck): DeckCounts => {
    const cached = totals.get(deck.id)
    if (cached) return cached
    const sum = { ...(own.get(deck.id) ?? ZERO) }
    for (const child of children.get(deck.id) ?? []) {
      const counts = total(child)
      for (const key of Object.keys(ZERO) as (keyof DeckCounts)[]) {
        if (key === 'nextCardAppearsAt') {
          if (counts.nextCardAppearsAt && (!sum.nextCardAppearsAt || counts.nextCardAppearsAt < sum.nextCardAppearsAt)) {
            sum.nextCardAppearsAt = counts.nextCardAppearsAt
          }
        } else sum[key] += counts[key]
      }
    }
    totals.set(deck.id, sum)
    return sum
  }
  decks.forEach(total)
  return totals
}
