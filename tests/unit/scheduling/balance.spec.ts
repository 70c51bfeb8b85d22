import { test } from '@japa/runner'
import {
  balancedDay,
  loadFromCounts,
  MAX_BALANCED_INTERVAL,
  NO_EASY_DAYS,
  parseEasyDays,
  plainDay,
  recordingPicker,
  weekdayOf,
  type EasyDays,
} from '#scheduling/balance'
import { fuzzBounds, fuzzedInterval } from '#scheduling/fuzz'
import { nextStates, SM2_DEFAULTS } from '#scheduling/sm2'
import { outcomesFor, placedOutcome } from '#scheduling/scheduler'
import { resolveAlgorithm } from '#scheduling/presets'
import type { Progress } from '#scheduling/types'

const WEEKENDS_HALF: EasyDays = [0.5, 1, 1, 1, 1, 1, 0.5]
const SATURDAY_FREE: EasyDays = [1, 1, 1, 1, 1, 1, 0]
const MONDAY = 1

/* [what, lower, upper, fuzz fraction, counts by day, easy days, expected day] */
const CASES: [string, number, number, number, Record<number, number> | null, EasyDays, number][] = [
  ['no calendar: the plain fuzz day', 5, 9, 0.5, null, NO_EASY_DAYS, 7],
  ['an empty calendar: the plain fuzz day', 5, 9, 0.5, {}, NO_EASY_DAYS, 7],
  [
    'a day with nothing due outweighs the others (1 against under 0.0001)',
    5,
    7,
    0.5,
    { 5: 10, 6: 0, 7: 8 },
    NO_EASY_DAYS,
    6,
  ],
  /* weights 1/125, 1/216, 1/343, 1/512, 1/729 (× 4^-2.15): day 5 takes 42 %, days 5–6 66 % */
  [
    'equal loads lean to the earlier days',
    5,
    9,
    0.5,
    { 5: 4, 6: 4, 7: 4, 8: 4, 9: 4 },
    NO_EASY_DAYS,
    6,
  ],
  [
    'equal loads: the first day for a low fraction',
    5,
    9,
    0.3,
    { 5: 4, 6: 4, 7: 4, 8: 4, 9: 4 },
    NO_EASY_DAYS,
    5,
  ],
  /*
   * from a Monday, days 4, 5, 6 are Friday, Saturday, Sunday; Saturday's 10 reviews at 50 % are 20 against 20
   * / 1.5 elsewhere: full
   */
  [
    'an easy day holding as many reviews as a weekday is full',
    4,
    6,
    0.99,
    { 4: 10, 5: 10, 6: 10 },
    WEEKENDS_HALF,
    4,
  ],
  /* Saturday 5 / 0.5 = 10 against (30 + 30) / 1.5 = 40: open, and the lightest */
  ['an easy day light enough stays open', 4, 6, 0.5, { 4: 30, 5: 5, 6: 30 }, WEEKENDS_HALF, 5],
  [
    'a free day is never drawn while another day can be, even empty',
    4,
    5,
    0.99,
    { 4: 100 },
    SATURDAY_FREE,
    4,
  ],
  ['a range of one day: nothing to choose', 6, 6, 0.9, { 6: 50 }, NO_EASY_DAYS, 6],
  [
    `beyond ${MAX_BALANCED_INTERVAL} days: the plain fuzz`,
    85,
    95,
    0.75,
    { 85: 0, 93: 40 },
    NO_EASY_DAYS,
    93,
  ],
]

const loadOf = (counts: Record<number, number>, easyDays: EasyDays = NO_EASY_DAYS) =>
  loadFromCounts(
    new Map(Object.entries(counts).map(([day, due]) => [Number(day), due])),
    MONDAY,
    easyDays
  )

/* how often each day of [lower, upper] is drawn over `n` evenly spread fractions */
function draws(lower: number, upper: number, counts: Record<number, number>, n = 10_000) {
  const seen = new Map<number, number>()
  for (let k = 0; k < n; k++) {
    const day = balancedDay(lower, upper, (k + 0.5) / n, loadOf(counts))
    seen.set(day, (seen.get(day) ?? 0) + 1)
  }
  return seen
}

test.group('Load balancer: the day within the fuzz range', () => {
  for (const [what, lower, upper, fraction, counts, easyDays, expected] of CASES) {
    test(what, ({ assert }) => {
      assert.equal(
        balancedDay(lower, upper, fraction, counts ? loadOf(counts, easyDays) : null),
        expected
      )
    })
  }

  test("an empty calendar changes no fraction's day", ({ assert }) => {
    for (let k = 0; k < 100; k++)
      assert.equal(balancedDay(3, 11, k / 100, loadOf({})), plainDay(3, 11, k / 100))
  })

  test("each day is drawn in proportion to Anki's weight (1 / due)^2.15 × (1 / day)^3", ({
    assert,
  }) => {
    const counts = { 10: 3, 11: 7, 12: 2, 13: 9, 14: 5 }
    const weight = (day: number) =>
      (1 / counts[day as keyof typeof counts]) ** 2.15 * (1 / day) ** 3
    const total = [10, 11, 12, 13, 14].reduce((sum, day) => sum + weight(day), 0)
    const seen = draws(10, 14, counts)
    for (const day of [10, 11, 12, 13, 14]) {
      assert.approximately((seen.get(day) ?? 0) / 10_000, weight(day) / total, 0.001, `day ${day}`)
    }
  })

  test('the longer end of a range is drawn less than the plain fuzz draws it', ({ assert }) => {
    const even = Object.fromEntries([20, 21, 22, 23, 24].map((day) => [day, 6]))
    const seen = draws(20, 24, even)
    const meanDay = [...seen].reduce((sum, [day, times]) => sum + day * times, 0) / 10_000
    assert.isBelow(meanDay, 22, "the plain fuzz's mean is the middle day")
    assert.isAbove(seen.get(20)!, seen.get(24)!)
  })

  test('deterministic: the same calendar and card give the same day', ({ assert }) => {
    const load = loadFromCounts([0, 9, 3, 7, 3, 8, 2, 2, 6], 3, WEEKENDS_HALF)
    const picks = Array.from({ length: 5 }, () => balancedDay(2, 8, 0.42, load))
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
  state: 'review',
  dueAt: new Date('2026-03-02T09:00:00Z'),
  intervalDays: 10,
  ease: 2.5,
  step: 0,
  reps: 6,
  lapses: 0,
  stability: null,
  difficulty: null,
  lastReviewedAt: new Date('2026-02-20T09:00:00Z'),
  ...overrides,
})
const now = new Date('2026-03-02T09:00:00Z')

test.group('Load balancer: through the schedulers', () => {
  test('fuzzedInterval lets the picker choose within the same bounds', ({ assert }) => {
    const [lower, upper] = fuzzBounds(17, 1, 36500)
    const seen: number[][] = []
    const day = fuzzedInterval(17, 0.5, 1, 36500, {
      pick: (l, u, fraction) => (seen.push([l, u, fraction]), u),
    })
    assert.deepEqual(seen, [[lower, upper, 0.5]])
    assert.equal(plainDay(lower, upper, 0.5), 17)
    assert.equal(day, upper)
  })

  test('SM-2: Good lands on the one light day of its range', ({ assert }) => {
    const plain = nextStates(
      { state: { kind: 'review', intervalDays: 10, ease: 2.5, lapses: 0 }, dueAt: now },
      SM2_DEFAULTS,
      now,
      0.5
    )
    const [lower, upper] = fuzzBounds(25, 12, 36500)
    const light = lower + 1
    const counts = Array.from({ length: upper + 2 }, (_, day) => (day === light ? 0 : 40))
    const load = loadFromCounts(counts, MONDAY, NO_EASY_DAYS)
    const balanced = nextStates(
      { state: { kind: 'review', intervalDays: 10, ease: 2.5, lapses: 0 }, dueAt: now },
      SM2_DEFAULTS,
      now,
      0.5,
      {
        pick: (l, u, fraction) => (l <= light && light <= u ? light : plainDay(l, u, fraction)),
      }
    )
    assert.equal(plain.good.state.kind === 'review' && plain.good.state.intervalDays, 25)
    assert.equal(balanced.good.state.kind === 'review' && balanced.good.state.intervalDays, light)
    const placed = placedOutcome(
      {
        cardId: 11,
        progress: review(),
        algorithm: resolveAlgorithm('general', {}),
        fsrsParameters: null,
        now,
      },
      'good',
      { load, exam: null }
    )
    assert.equal(placed.progress.intervalDays, light)
  })

  test("FSRS: the same, within ts-fsrs's own fuzz range", ({ assert }) => {
    const algorithm = resolveAlgorithm('custom', { scheduler: 'fsrs' })
    const input = {
      cardId: 11,
      progress: review({ stability: 10, difficulty: 5 }),
      algorithm,
      fsrsParameters: null,
      now,
    }
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
    const placed = placedOutcome(input, 'good', {
      load: loadFromCounts(counts, MONDAY, NO_EASY_DAYS),
      exam: null,
    })
    assert.equal(placed.progress.intervalDays, light)
    assert.equal(Math.round((placed.progress.dueAt!.getTime() - now.getTime()) / 86_400_000), light)
    /* the memory state is the scheduler's: only the day moved */
    assert.equal(placed.progress.stability, outcomesFor(input).good!.progress.stability)
  })

  test('new and learning cards have no range: no window to count, nothing moves', ({ assert }) => {
    const algorithm = resolveAlgorithm('general', {})
    const recording = recordingPicker()
    outcomesFor({
      cardId: 3,
      progress: review({ state: 'new', intervalDays: 0, reps: 0 }),
      algorithm,
      fsrsParameters: null,
      now,
      picker: recording.picker,
    })
    assert.isNull(recording.window())
  })
})
