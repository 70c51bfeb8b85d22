/*
| Streaks, statistics and the year in review in the OpenAPI document. Days
| are the learner's study days (their time zone, starting at 4 am), YYYY-MM-DD.
*/
import { error, errors, obj, op, ref, str } from '#services/openapi/schema'

const int = { type: 'integer' }
const bool = { type: 'boolean' }
const day = str({ format: 'date' })
const nullable = (schema: Record<string, unknown>) => ({ oneOf: [schema, { type: 'null' }] })
const auth = true
const list = (items: Record<string, unknown>) => ({ type: 'array', items })
const dayCount = obj({ date: day, count: int }, ['date', 'count'])
const retention = obj({ passed: int, total: int, rate: { type: ['number', 'null'] } }, ['passed', 'total', 'rate'])

export const statsSchemas = {
  Streak: obj(
    {
      currentDuration: int, longestDuration: int, totalActiveDays: int, todayShown: bool, todayCompleted: bool,
      availableFreezeCount: int, nextFreezeMinimumStreak: int,
    },
    ['currentDuration', 'longestDuration', 'totalActiveDays', 'todayShown', 'todayCompleted', 'availableFreezeCount', 'nextFreezeMinimumStreak']
  ),
  StreakDay: obj(
    {
      date: day,
      kind: str({
        enum: ['single', 'start', 'middle', 'end', 'freeze', 'streak'],
        description:
          'start/middle/end: an active day opening, inside or closing a streak that ended; single: a lone active day; ' +
          'freeze: a missed day a streak freeze covered; streak: the latest active day of the streak still running',
      }),
    },
    ['date', 'kind']
  ),
  Statistics: obj({
    today: day,
    deck: nullable(obj({ id: int, name: str() })),
    heatmap: obj({ start: day, end: day, days: list(dayCount), totalReviews: int, studiedDays: int, maxCount: int }),
    forecast: obj({
      days: list(dayCount), overdue: int, total: int,
      spread: { type: 'number', description: 'standard deviation of the cards due a day over the days after today (load balancing evens it out)' },
      heaviest: { ...int, description: 'the most cards due on one day after today' },
      easyDays: { type: ['array', 'null'], items: { type: 'number' }, description: 'the learner\'s easy days, a share of a normal day per weekday, Sunday first; null: none' },
    }),
    trueRetention: obj({ matureIntervalDays: int, last30Days: retention, lastYear: retention }),
    predictedRetention: obj({ cards: int, rate: { type: ['number', 'null'] } }),
    chartDays: { ...int, description: 'the days the answer-button and hour charts count (30)' },
    answerButtons: list(obj({
      kind: str({ enum: ['learning', 'young', 'mature'], description: 'learning: learning and relearning steps; young: in review under 21 days; mature: 21 days or more' }),
      counts: obj({ again: int, hard: int, good: int, easy: int }, ['again', 'hard', 'good', 'easy']),
      total: int,
      correctRate: { type: ['number', 'null'], description: 'the share not answered Again' },
    }, ['kind', 'counts', 'total', 'correctRate'])),
    hours: list(obj({ hour: int, count: int, passed: int }, ['hour', 'count', 'passed'])),
    intervals: obj({
      buckets: list(obj({ from: int, to: { type: ['integer', 'null'] }, count: int }, ['from', 'to', 'count'])),
      total: int,
      medianDays: { type: ['integer', 'null'] },
    }),
    retentionByAge: list(obj({ fromDays: int, toDays: { type: ['integer', 'null'] }, passed: int, total: int, rate: { type: ['number', 'null'] } },
      ['fromDays', 'toDays', 'passed', 'total', 'rate'])),
  }),
  Wrapped: obj({
    year: int,
    activeDaysCount: int,
    longestStreak: int,
    mostProductiveDay: nullable(obj({ date: day, cardsStudied: int })),
    mostProductiveDecks: list(obj({ id: int, name: str(), cardsStudied: int })),
    mostChallengedCard: nullable(obj({ cardId: int, noteId: int, deckId: int, front: str(), againCount: int })),
    collaboratorsCount: int,
    attachmentsCount: int,
    studiedCardsCount: int,
    createdCardsCount: int,
    daysWithUs: int,
    busiestHourBucket: nullable(str({ enum: ['night', 'morning', 'afternoon', 'evening'], description: 'the hour-of-day bucket (night 0-6, morning 6-12, afternoon 12-18, evening otherwise, on the learner\'s clock) with the most answers' })),
  }),
}

export const statsPaths = {
  '/streaks': {
    get: op('Active and frozen days between start_date and end_date (query, YYYY-MM-DD, at most a year apart), with their calendar kinds, and the streak', {
      auth,
      ok: [200, obj({ activeDays: list(ref('StreakDay')), streak: ref('Streak') }, ['activeDays', 'streak'])],
      extra: { '422': errors['422'] },
    }),
  },
  '/streaks/current_day_streak_shown': {
    post: op('The streak popup was shown: todayShown is true until the next study day', {
      auth,
      ok: [200, obj({ alreadyShown: bool, streak: ref('Streak') }, ['alreadyShown', 'streak'])],
    }),
  },
  '/statistics': {
    get: op('Review heatmap (365 days), 30-day forecast, true retention of mature cards, FSRS predicted retention, answer buttons and answers by hour (30 days), review intervals and retention by card age (query: deck_id, subdecks included)', {
      auth,
      ok: [200, ref('Statistics')],
      extra: { '404': error('Not found, or not yours'), '422': errors['422'] },
    }),
  },
  '/users/wrapped': {
    get: op('The year in review (query: year, the current one by default)', {
      auth,
      ok: [200, ref('Wrapped')],
      extra: { '422': errors['422'] },
    }),
  },
}
