import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type User from '#models/user'
import { notSuspendedSql } from '#queries/learning/in_study'
import { addDays } from '#scheduling/study_day'
import { MATURE_INTERVAL_DAYS } from '#scheduling/card_status'

/*
 * The charts Anki users look for first, beside the heatmap, the forecast
 * and true retention (statistics.ts): the answer buttons by kind of card,
 * the intervals of the cards in review, the hour of day, and retention by
 * the age of a card. Each is one SQL statement. The answers are counted
 * over the last 30 study days (Anki's "1 month"), retention by age over a
 * year.
 */
const CHART_DAYS = 30
const FAILED = ['again', 'study_again']

/** Interval buckets, in days: [from, to] inclusive, to null for no end. */
const INTERVAL_BUCKETS: [number, number | null][] = [
  [1, 1],
  [2, 2],
  [3, 6],
  [7, 13],
  [14, 20],
  [21, 59],
  [60, 179],
  [180, 364],
  [365, null],
]
/** Card-age buckets, in days since the card's first answer: [from, to) , to null for no end. */
const AGE_BUCKETS: [number, number | null][] = [
  [0, 30],
  [30, 90],
  [90, 180],
  [180, 365],
  [365, null],
]

const BUTTONS = ['again', 'hard', 'good', 'easy'] as const
type Button = (typeof BUTTONS)[number]
type CardKind = 'learning' | 'young' | 'mature'

function inDecks<T extends DatabaseQueryBuilderContract<any>>(
  query: T,
  column: string,
  deckIds: number[] | null
) {
  if (deckIds) query.whereIn(column, deckIds)
  return query
}

/**
 * How often each of the four buttons was pressed over the last 30 days,
 * for learning cards (learning and relearning steps), young cards (in
 * review, interval under 21 days) and mature ones, with the share of
 * answers that were not Again (Anki's "correct"). Speed-mode answers have
 * two buttons of their own and are left out.
 */
async function answerButtons(userId: number, today: string, deckIds: number[] | null) {
  const rows = await inDecks(
    db
      .from('review_logs')
      .where('user_id', userId)
      .whereBetween('study_day', [addDays(today, -(CHART_DAYS - 1)), today])
      .whereIn('answer', [...BUTTONS])
      .select(
        db.raw(
          `case when kind in ('learn', 'relearn') then 'learning' when interval_before >= ? then 'mature' else ` +
            `'young' end as card_kind`,
          [MATURE_INTERVAL_DAYS]
        )
      )
      .select('answer', db.raw('count(*)::int as count'))
      .groupByRaw('1, 2'),
    'deck_id',
    deckIds
  )
  return (['learning', 'young', 'mature'] as CardKind[]).map((kind) => {
    const counts = Object.fromEntries(BUTTONS.map((button) => [button, 0])) as Record<
      Button,
      number
    >
    for (const row of rows) if (row.card_kind === kind) counts[row.answer as Button] = row.count
    const total = BUTTONS.reduce((sum, button) => sum + counts[button], 0)
    return { kind, counts, total, correctRate: total ? (total - counts.again) / total : null }
  })
}

/** Answers by the hour of the learner's clock they were given at, over the last 30 days, with the share not failed. */
async function hourly(user: User, today: string, deckIds: number[] | null) {
  const rows = await inDecks(
    db
      .from('review_logs')
      .where('user_id', user.id)
      .whereBetween('study_day', [addDays(today, -(CHART_DAYS - 1)), today])
      .select(
        db.raw(
          `extract(hour from reviewed_at at time zone 'UTC' + make_interval(mins => ?))::int as hour`,
          [user.timezoneOffset ?? 0]
        )
      )
      .select(
        db.raw('count(*)::int as count'),
        db.raw('count(*) filter (where answer not in (?, ?))::int as passed', FAILED)
      )
      .groupByRaw('1'),
    'deck_id',
    deckIds
  )
  const byHour = new Map(
    rows.map((row: { hour: number; count: number; passed: number }) => [row.hour, row])
  )
  return Array.from({ length: 24 }, (_, hour) => {
    const row = byHour.get(hour)
    return { hour, count: row?.count ?? 0, passed: row?.passed ?? 0 }
  })
}

/**
 * The cards in review by their current interval, bucketed, with the median; frozen, suspended and archived
 * ones left out.
 */
async function intervals(userId: number, deckIds: number[] | null) {
  const rows: { days: number; count: number }[] = await inDecks(
    db
      .from('card_progress as p')
      .join('decks as d', 'd.id', 'p.deck_id')
      .where('p.user_id', userId)
      .where('p.frozen', false)
      .whereRaw(notSuspendedSql('p.card_id'), [userId])
      .whereIn('p.state', ['review', 'relearning'])
      .whereNot('d.state', 'archived')
      .select(
        db.raw('greatest(1, round(p.interval_days))::int as days'),
        db.raw('count(*)::int as count')
      )
      .groupByRaw('1')
      .orderByRaw('1'),
    'p.deck_id',
    deckIds
  )
  const total = rows.reduce((sum, row) => sum + row.count, 0)
  let seen = 0
  const median = rows.find((row) => (seen += row.count) * 2 >= total)
  return {
    buckets: INTERVAL_BUCKETS.map(([from, to]) => ({
      from,
      to,
      count: rows
        .filter((row) => row.days >= from && (to === null || row.days <= to))
        .reduce((sum, row) => sum + row.count, 0),
    })),
    total,
    medianDays: median?.days ?? null,
  }
}

/**
 * Of the reviews of the last year (cards due for review, not learning
 * steps), the share not failed, by the card's age when it was reviewed:
 * days since the learner first answered it. Whether a deck is remembered
 * better as it settles, or its older cards fade.
 */
async function retentionByAge(userId: number, today: string, deckIds: number[] | null) {
  const first = db
    .from('review_logs')
    .where('user_id', userId)
    .groupBy('card_id')
    .select('card_id', db.raw('min(reviewed_at) as first_at'))
  const age = `extract(epoch from (r.reviewed_at - f.first_at)) / 86400`
  const bucket = AGE_BUCKETS.map(
    ([from, to], index) =>
      `when ${age} >= ${from}${to === null ? '' : ` and ${age} < ${to}`} then ${index}`
  )
  const rows: { bucket: number; total: number; passed: number }[] = await inDecks(
    db
      .query()
      .with('f', first)
      .from('review_logs as r')
      .join('f', 'f.card_id', 'r.card_id')
      .where('r.user_id', userId)
      .whereBetween('r.study_day', [addDays(today, -364), today])
      .whereIn('r.kind', ['review', 'speed'])
      .select(db.raw(`case ${bucket.join(' ')} else 0 end as bucket`))
      .select(
        db.raw('count(*)::int as total'),
        db.raw('count(*) filter (where r.answer not in (?, ?))::int as passed', FAILED)
      )
      .groupByRaw('1'),
    'r.deck_id',
    deckIds
  )
  return AGE_BUCKETS.map(([from, to], index) => {
    const row = rows.find((found) => found.bucket === index)
    const total = row?.total ?? 0
    const passed = row?.passed ?? 0
    return { fromDays: from, toDays: to, passed, total, rate: total ? passed / total : null }
  })
}

/** The four charts, for all the learner's decks or one deck's subtree (`deckIds`, already checked by the caller). */
export async function answerStatistics(user: User, today: string, deckIds: number[] | null) {
  const [buttons, hours, reviewIntervals, byAge] = await Promise.all([
    answerButtons(user.id, today, deckIds),
    hourly(user, today, deckIds),
    intervals(user.id, deckIds),
    retentionByAge(user.id, today, deckIds),
  ])
  return {
    chartDays: CHART_DAYS,
    answerButtons: buttons,
    hours,
    intervals: reviewIntervals,
    retentionByAge: byAge,
  }
}
