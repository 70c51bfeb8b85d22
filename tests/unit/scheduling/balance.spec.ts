import { test } from '@japa/runner'
import {
  balancedDay, loadFromCounts, MAX_BALANCED_INTERVAL, NO_EASY_DAYS, parseEasyDays, recordingPicker, weekdayOf, type EasyDays,
} from '#scheduling/balance'
import { fuzzBounds, fuzzedInterval } from '#scheduling/fuzz'
import { nextStates, SM2_DEFAULTS } from '#scheduling/sm2'
import { outcomesFor, placedOutcome } from '#scheduling/scheduler'
import { resolveAlgorithm } from '#scheduling/presets'
import type { Progress } from '#scheduling/types'

const WEEKENDS_HALF: EasyDays = [0.5, 1, 1, 1, 1, 1, 0.5]
const SATURDAY_FREE: EasyDays = [1, 1, 1, 1, 1, 1, 0]
const MONDAY = 1

/* [what, lower, upper, plain pick, counts by day, easy days, expected day] */
const CASES: [string, number, number, number, Record<number, number> | null, EasyDays, number][] = [
  ['no calendar: the plain fuzz pick', 5, 9, 7, null, NO_EASY_DAYS, 7],
  ['an empty calendar changes nothing', 5, 9, 7, {}, NO_EASY_DAYS, 7],
  ['the day with the fewest reviews due wins', 5, 7, 5, { 5: 10, 6: 3, 7: 8 }, NO_EASY_DAYS, 6],
  ['equal loads: the day nearest the plain pick', 5, 9, 5, { 5: 4, 6: 2, 7: 4, 8: 2, 9: 4 }, NO_EASY_DAYS, 6],
  ['equal loads, the plain pick beyond them', 5, 9, 9, { 5: 4, 6: 2, 7: 4, 8: 2, 9: 4 }, NO_EASY_DAYS, 8],
  ['equally near: the earlier day', 6, 8, 7, { 6: 1, 7: 5, 8: 1 }, NO_EASY_DAYS, 6],
  /* from a Monday, days 4, 5, 6 are Friday, Saturday, Sunday */
  ['an easy weekend day at 50 % weighs its reviews four times (the share squared)', 4, 6, 5, { 4: 10, 5: 10, 6: 10 }, WEEKENDS_HALF, 4],
  /* Saturday (4 + 1) / 0.25 = 20 against Friday (10 + 1) / 1 = 11: half of Friday's load is not light enough */
  ['an easy day holding half the load of a weekday is full', 4, 5, 5, { 4: 10, 5: 4 }, WEEKENDS_HALF, 4],
  ['an easy day still wins when it is light enough', 4, 6, 4, { 4: 30, 5: 5, 6: 30 }, WEEKENDS_HALF, 5],
  ['a free day is never chosen while another is open', 4, 5, 5, { 4: 100 }, SATURDAY_FREE, 4],
  ['a range of one day: nothing to choose', 6, 6, 6, { 6: 50 }, NO_EASY_DAYS, 6],
  [`beyond ${MAX_BALANCED_INTERVAL} days: the plain fuzz`, 85, 95, 93, { 85: 0, 93: 40 }, NO_EASY_DAYS, 93],
]

test.group('Load balancer: the day within the fuzz range', () => {
  for (const [what, lower, upper, plain, counts, easyDays, expected] of CASES) {
    test(what, ({ assert }) => {
      const load = counts ? loadFromCounts(new Map(Object.entries(counts).map(([day, due]) => [Number(day), due])), MONDAY, easyDays) : null
      assert.equal(balancedDay(lower, upper, plain, load), expected)
    })
  }

  test('deterministic: the same calendar and card give the same day', ({ assert }) => {
    const load = loadFromCounts([0, 9, 3, 7, 3, 8, 2, 2, 6], 3, WEEKENDS_HALF)
    const picks = Array.from({ length: 5 }, () => balancedDay(2, 8, 4, load))
    assert.deepEqual(new Set(picks).size, 1)
  })
})

test.group('Load balancer: easy days as stored', () => {
  const PARSED: [string, unknown, EasyDays][] = [
    ['seven shares', [0.5, 1, 1, 1, 1, 1, 0.5], [0.5, 1, 1, 1, 1, 1, 0.5]],
    ['null', null, NO_EASY_DAYS],
    ['six shares', [1, 1, 1, 1, 1, 1], NO_EASY_DAYS],
    ['a share above 1', [1, 1, 1, 1, 1, 1, 2], NO_EASY_DAYS],
    ['not numbers', ['a', 1, 1, 1, 1, 1, 1], NO_EASY_DAYS],
    ['every day free', [0, 0, 0, 0, 0, 0, 0], NO_EASY_DAYS],
  ]
  for (const [what, value, expected] of PARSED) {
    test(what, ({ assert }) => assert.deepEqual(parseEasyDays(value), expected))
  }

  test('weekdays of study days, Sunday = 0', ({ assert }) => {
    assert.deepEqual(['2026-01-04', '2026-01-05', '2026-01-10'].map(weekdayOf), [0, 1, 6])
  })
})

const review = (overrides: Partial<Progress> = {}): Progress => ({
  state: 'review', dueAt: new Date('2026-03-02T09:00:00Z'), intervalDays: 10, ease: 2.5, step: 0, reps: 6, lapses: 0,
  stability: null, difficulty: null, lastReviewedAt: new Date('2026-02-20T09:00:00Z'), ...overrides,
})
const now = new Date('2026-03-02T09:00:00Z')

test.group('Load balancer: through the schedulers', () => {
  test('fuzzedInterval lets the picker choose within the same bounds', ({ assert }) => {
    const [lower, upper] = fuzzBounds(17, 1, 36500)
    const seen: number[][] = []
    const day = fuzzedInterval(17, 0.5, 1, 36500, { pick: (l, u, plain) => (seen.push([l, u, plain]), u) })
    assert.deepEqual(seen, [[lower, upper, 17]])
    assert.equal(day, upper)
  })

  test('SM-2: Good lands on the one light day of its range', ({ assert }) => {
    const plain = nextStates({ state: { kind: 'review', intervalDays: 10, ease: 2.5, lapses: 0 }, dueAt: now }, SM2_DEFAULTS, now, 0.5)
    const [lower, upper] = fuzzBounds(25, 12, 36500)
    const light = lower + 1
    const counts = Array.from({ length: upper + 2 }, (_, day) => (day === light ? 0 : 40))
    const load = loadFromCounts(counts, MONDAY, NO_EASY_DAYS)
    const balanced = nextStates({ state: { kind: 'review', intervalDays: 10, ease: 2.5, lapses: 0 }, dueAt: now }, SM2_DEFAULTS, now, 0.5, {
      pick: (l, u, p) => (l <= light && light <= u ? light : p),
    })
    assert.equal(plain.good.state.kind === 'review' && plain.good.state.intervalDays, 25)
    assert.equal(balanced.good.state.kind === 'review' && balanced.good.state.intervalDays, light)
    const placed = placedOutcome({ cardId: 11, progress: review(), algorithm: resolveAlgorithm('general', {}), fsrsParameters: null, now }, 'good', { load, exam: null })
    assert.equal(placed.progress.intervalDays, light)
  })

  test('FSRS: the same, within ts-fsrs\'s own fuzz range', ({ assert }) => {
    const algorithm = resolveAlgorithm('custom', { scheduler: 'fsrs' })
    const input = { cardId: 11, progress: review({ stability: 10, difficulty: 5 }), algorithm, fsrsParameters: null, now }
    const recording = recordingPicker()
    outcomesFor({ ...input, picker: recording.picker })
    const window = recording.window()!
    const plainGood = outcomesFor(input).good!.progress.intervalDays
    /*
     * every day of the widest range is heavy but one, the day after the plain
     * pick (inside Good's own range, above Hard's: ts-fsrs keeps Good after Hard)
     */
    const light = plainGood + 1
    assert.isAtMost(light, window.upper)
    const counts = Array.from({ length: window.upper + 2 }, (_, day) => (day === light ? 0 : 40))
    const placed = placedOutcome(input, 'good', { load: loadFromCounts(counts, MONDAY, NO_EASY_DAYS), exam: null })
    assert.equal(placed.progress.intervalDays, light)
    assert.equal(Math.round((placed.progress.dueAt!.getTime() - now.getTime()) / 86_400_000), light)
    /* the memory state is the scheduler's: only the day moved */
    assert.equal(placed.progress.stability, outcomesFor(input).good!.progress.stability)
  })

  test('new and learning cards have no range: no window to count, nothing moves', ({ assert }) => {
    const algorithm = resolveAlgorithm('general', {})
    const recording = recordingPicker()
    outcomesFor({ cardId: 3, progress: review({ state: 'new', intervalDays: 0, reps: 0 }), algorithm, fsrsParameters: null, now, picker: recording.picker })
    assert.isNull(recording.window())
  })
})
