/* stats */
import type { Operations } from '#services/openapi/operation'
import { statisticsValidator, streakRangeValidator, wrappedValidator } from '#validators/study'

export const statsOperations: Operations = {
  'GET /streaks': {
    summary:
      'Active and frozen days between start_date and end_date, with their calendar kinds, and the streak',
    description:
      'Active and frozen days between start_date and end_date (query, YYYY-MM-DD, at most a year ' +
      'apart), with their calendar kinds, and the streak',
    query: streakRangeValidator,
    ok: { 200: 'Streaks' },
  },
  'POST /streaks/current_day_streak_shown': {
    summary: 'The streak popup was shown: todayShown is true until the next study day',
    ok: { 200: 'StreakShown' },
  },
  'GET /statistics': {
    summary: 'Study statistics: heatmap, forecast, retention, answers and intervals',
    description:
      'Review heatmap (365 days), 30-day forecast, true retention of mature cards, FSRS predicted ' +
      'retention, answer buttons and answers by hour (30 days), review intervals and retention by card ' +
      'age (query: deck_id, subdecks included)',
    query: statisticsValidator,
    ok: { 200: 'Statistics' },
    errors: [404, 410],
  },
  'GET /users/wrapped': {
    summary: 'The year in review',
    description: 'The year in review (query: year, the current one by default)',
    query: wrappedValidator,
    ok: { 200: 'Wrapped' },
  },
}
