import { NO_EASY_DAYS, parseEasyDays } from '#scheduling/balance'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type User from '#models/user'
import { progressOf } from '#scheduling/progress_row'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { notSuspendedSql } from '#queries/learning/in_study'
import { retrievability } from '#scheduling/fsrs'
import { resolveAlgorithm } from '#scheduling/presets'
import { ROLLOVER_HOUR, addDays, studyDayBounds } from '#scheduling/study_day'
import { answerStatistics } from '#queries/study/answer_statistics'
import { MATURE_INTERVAL_DAYS } from '#scheduling/card_status'

/*
 * The statistics page, as serious learners know it from Anki: a year of
 * reviews, the coming month's workload, and how well mature cards are
 * remembered. Every figure is one SQL statement, whatever the data size.
 */
const HEATMAP_DAYS = 365
const FORECAST_DAYS = 30
const FAILED_ANSWERS = ['again', 'study_again']
/* answers on a card due for review: learning and relearning steps are not a test of memory */
const REVIEW_KINDS = ['review', 'speed']

interface RetentionFigure {
  passed: number
  total: number
  /** passed / total, null without reviews */
  rate: number | null
}

/**
 * The study day of a timestamp column in SQL, as studyDay() computes it: the
 * UTC instant moved by the learner's offset less the rollover hour. Takes one
 * binding, studyDayShift().
 */
const studyDaySql = (column: string) =>
  `to_char((${column} at time zone 'UTC') + ? * interval '1 minute', 'YYYY-MM-DD')`
const studyDayShift = (timezoneOffset: number) => timezoneOffset - ROLLOVER_HOUR * 60

function inDecks<T extends DatabaseQueryBuilderContract<any>>(
  query: T,
  column: string,
  deckIds: number[] | null
) {
  if (deckIds) query.whereIn(column, deckIds)
  return query
}

const figure = (passed: number, total: number): RetentionFigure => ({
  passed,
  total,
  rate: total ? passed / total : null,
})

/** Reviews per study day over the last 365 study days, today included (days without reviews left out). */
async function heatmap(userId: number, today: string, deckIds: number[] | null) {
  const start = addDays(today, -(HEATMAP_DAYS - 1))
  const rows = await inDecks(
    db
      .from('review_logs')
      .where('user_id', userId)
      .whereBetween('study_day', [start, today])
      .groupBy('study_day')
      .orderBy('study_day')
      .select(db.raw(`to_char(study_day, 'YYYY-MM-DD') as date`), db.raw('count(*)::int as count')),
    'deck_id',
    deckIds
  )
  const days = rows.map((row: { date: string; count: number }) => ({
    date: row.date,
    count: row.count,
  }))
  return {
    start,
    end: today,
    days,
    totalReviews: days.reduce((sum, day) => sum + day.count, 0),
    studiedDays: days.length,
    maxCount: days.reduce((max, day) => Math.max(max, day.count), 0),
  }
}

/**
 * Cards falling due on each of the next 30 study days, today first. What is
 * overdue is due today: it is today's work. Frozen and suspended cards, new cards and
 * archived decks are not scheduled.
 */
async function forecast(user: User, today: string, deckIds: number[] | null) {
  const last = addDays(today, FORECAST_DAYS - 1)
  const todayStart = studyDayBounds(today, user.timezoneOffset).start
  const rows: { date: string; count: number; overdue: number }[] = await inDecks(
    db
      .from('card_progress as p')
      .join('decks as d', 'd.id', 'p.deck_id')
      .where('p.user_id', user.id)
      .where('p.frozen', false)
      .whereRaw(notSuspendedSql('p.card_id'), [user.id])
      .whereNot('p.state', 'new')
      .whereNotNull('p.due_at')
      .whereNot('d.state', 'archived')
      .where('p.due_at', '<', studyDayBounds(last, user.timezoneOffset).end)
      .select(
        db.raw(`greatest(${studyDaySql('p.due_at')}, ?) as date`, [
          studyDayShift(user.timezoneOffset),
          today,
        ])
      )
      .select(db.raw('count(*)::int as count'))
      .select(db.raw('count(*) filter (where p.due_at < ?)::int as overdue', [todayStart]))
      .groupByRaw('1'),
    'p.deck_id',
    deckIds
  )
  const byDay = new Map(rows.map((row) => [row.date, row.count]))
  const days = Array.from({ length: FORECAST_DAYS }, (_, i) => {
    const date = addDays(today, i)
    return { date, count: byDay.get(date) ?? 0 }
  })
  /* the effect of load balancing and easy days (app/scheduling/balance.ts): how even the days after today are */
  const ahead = days.slice(1).map((day) => day.count)
  const mean = ahead.reduce((sum, count) => sum + count, 0) / Math.max(1, ahead.length)
  const spread = Math.sqrt(
    ahead.reduce((sum, count) => sum + (count - mean) ** 2, 0) / Math.max(1, ahead.length)
  )
  const easy = parseEasyDays(user.easyDays)
  return {
    days,
    overdue: rows.reduce((sum, row) => sum + row.overdue, 0),
    total: days.reduce((sum, day) => sum + day.count, 0),
    /** the standard deviation of the cards due a day after today, and the heaviest of those days */
    spread: Math.round(spread * 10) / 10,
    heaviest: Math.max(0, ...ahead),
    /** the learner's easy days (a share of a normal day, Sunday first), null for none */
    easyDays: easy === NO_EASY_DAYS ? null : [...easy],
  }
}

/**
 * True retention as Anki computes it: of the reviews of mature cards (an
 * interval of 21 days or more before the answer), the share not answered
 * Again (or Study again in speed mode), over the last 30 and 365 study days.
 */
async function trueRetention(userId: number, today: string, deckIds: number[] | null) {
  const monthStart = addDays(today, -29)
  const query = inDecks(
    db
      .from('review_logs')
      .where('user_id', userId)
      .whereBetween('study_day', [addDays(today, -(HEATMAP_DAYS - 1)), today])
      .where('interval_before', '>=', MATURE_INTERVAL_DAYS)
      .whereIn('kind', REVIEW_KINDS)
      .select(db.raw('count(*) filter (where study_day >= ?)::int as month_total', [monthStart]))
      .select(
        db.raw(
          'count(*) filter (where study_day >= ? and answer not in (?, ?))::int as month_passed',
          [monthStart, ...FAILED_ANSWERS]
        )
      )
      .select(db.raw('count(*)::int as year_total'))
      .select(
        db.raw('count(*) filter (where answer not in (?, ?))::int as year_passed', FAILED_ANSWERS)
      ),
    'deck_id',
    deckIds
  )
  const row = await query.first()
  return {
    matureIntervalDays: MATURE_INTERVAL_DAYS,
    last30Days: figure(row.month_passed, row.month_total),
    lastYear: figure(row.year_passed, row.year_total),
  }
}

/**
 * For decks scheduled by FSRS: the mean probability, now, of recalling each
 * card in review (the memory model's own forecast, to set against the true
 * retention above). Null when no FSRS deck has a card in review.
 */
async function predictedRetention(user: User, now: Date, deckIds: number[] | null) {
  const rows = await inDecks(
    db
      .from('card_progress as p')
      .join('decks as d', 'd.id', 'p.deck_id')
      .join('decks as r', 'r.id', db.raw('coalesce(d.root_deck_id, d.id)'))
      .where('p.user_id', user.id)
      .where('p.frozen', false)
      .whereRaw(notSuspendedSql('p.card_id'), [user.id])
      .whereIn('p.state', ['review', 'relearning'])
      .whereNot('d.state', 'archived')
      .whereRaw(`r.algorithm_settings->>'scheduler' = 'fsrs'`)
      .select(
        'p.*',
        'r.id as root_id',
        'r.algorithm_preset as root_preset',
        'r.algorithm_settings as root_settings'
      ),
    'p.deck_id',
    deckIds
  )
  /* the root's preset decides too: a speed-review preset never runs FSRS */
  const fsrsRoots = new Map<number, boolean>()
  const parameters = Array.isArray(user.fsrsParameters) ? user.fsrsParameters : null
  let sum = 0
  let cards = 0
  for (const row of rows) {
    let isFsrs = fsrsRoots.get(row.root_id)
    if (isFsrs === undefined) {
      isFsrs =
        resolveAlgorithm(row.root_preset, row.root_settings ?? {}, {
          newCardsPerDay: null,
          maxCardsPerDay: null,
        }).scheduler === 'fsrs'
      fsrsRoots.set(row.root_id, isFsrs)
    }
    if (!isFsrs) continue
    const recall = retrievability(progressOf(row), now, parameters)
    if (recall === null) continue
    sum += recall
    cards += 1
  }
  return { cards, rate: cards ? sum / cards : null }
}

/**
 * The whole statistics answer, for all the learner's decks or for one deck
 * and its subdecks (another learner's deck is a 404, through findDeck).
 */
export async function studyStatistics(user: User, deckId?: number | null) {
  const now = new Date()
  const today = user.today(now)
  const deck = deckId ? await findDeck(user, deckId) : null
  const deckIds = deck ? await subtreeIds(deck.id) : null
  const [reviews, due, retention, predicted, answers] = await Promise.all([
    heatmap(user.id, today, deckIds),
    forecast(user, today, deckIds),
    trueRetention(user.id, today, deckIds),
    predictedRetention(user, now, deckIds),
    answerStatistics(user, today, deckIds),
  ])
  return {
    today,
    deck: deck ? { id: deck.id, name: deck.name } : null,
    heatmap: reviews,
    forecast: due,
    trueRetention: retention,
    predictedRetention: predicted,
    ...answers,
  }
}

/** What studyStatistics reads (StatisticsTransformer shapes it). */
export type StudyStatistics = Awaited<ReturnType<typeof studyStatistics>>
