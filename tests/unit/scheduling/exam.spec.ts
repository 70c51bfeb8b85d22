import { test } from '@japa/runner'
import {
  DEFAULT_EXAM_RETENTION,
  EXAM_FINAL_DAYS,
  EXAM_NO_NEW_DAYS,
  examDaysLeft,
  examWindow,
  newCardPace,
  predictedRecall,
  type ExamContext,
} from '#scheduling/exam'
import { examForecast } from '#scheduling/exam_forecast'
import { dailyRoom } from '#scheduling/daily_limits'
import { outcomesFor, placedOutcome } from '#scheduling/scheduler'
import { resolveAlgorithm } from '#scheduling/presets'
import { NEW_PROGRESS, type Progress } from '#scheduling/types'

const now = new Date('2026-03-02T09:00:00Z')
const review = (overrides: Partial<Progress> = {}): Progress => ({
  state: 'review',
  dueAt: now,
  intervalDays: 10,
  ease: 2.5,
  step: 0,
  reps: 6,
  lapses: 0,
  stability: 10,
  difficulty: 5,
  lastReviewedAt: now,
  ...overrides,
})
const exam = (daysLeft: number, scheduler: 'fsrs' | 'sm2' = 'fsrs'): ExamContext => ({
  daysLeft,
  target: DEFAULT_EXAM_RETENTION,
  scheduler,
  parameters: null,
})

test.group('Exam planner: days left', () => {
  const CASES: [string, string | null, number | null][] = [
    ['no exam', null, null],
    ['an exam in 30 days', '2026-03-31', 30],
    ['tomorrow', '2026-03-02', 1],
    ['today: the normal schedule', '2026-03-01', null],
    ['past: the normal schedule', '2026-02-01', null],
  ]
  for (const [what, date, expected] of CASES)
    test(what, ({ assert }) => assert.strictEqual(examDaysLeft('2026-03-01', date), expected))
})

test.group('Exam planner: predicted recall', () => {
  /* [what, progress, days, scheduler, expected (4 decimals)] */
  const CASES: [string, Progress, number, 'fsrs' | 'sm2', number | null][] = [
    ['FSRS: 90 % after one stability', review({ stability: 10 }), 10, 'fsrs', 0.9],
    ['FSRS: the curve goes on falling', review({ stability: 10 }), 20, 'fsrs', 0.8459],
    ['FSRS: at the last answer', review({ stability: 10 }), 0, 'fsrs', 1],
    [
      'SM-2: 90 % after one interval (the documented model)',
      review({ stability: null, intervalDays: 10 }),
      10,
      'sm2',
      0.9,
    ],
    ['SM-2: twice the interval', review({ stability: null, intervalDays: 10 }), 20, 'sm2', 0.8459],
    [
      'SM-2: a learning card counts one day',
      review({ state: 'learning', stability: null, intervalDays: 0 }),
      1,
      'sm2',
      0.9,
    ],
    ['a new card has none', { ...NEW_PROGRESS }, 5, 'fsrs', null],
  ]
  for (const [what, progress, days, scheduler, expected] of CASES) {
    test(what, ({ assert }) => {
      const recall = predictedRecall(progress, days, scheduler, null)
      if (expected === null) assert.isNull(recall)
      else assert.closeTo(recall!, expected, 0.0001)
    })
  }
})

test.group('Exam planner: the interval cap', () => {
  /* a Good answer that multiplies the card's stability (and SM-2's interval) by `growth`, whatever the day */
  const grows = (progress: Progress, growth: number) => () =>
    review({
      stability: progress.stability === null ? null : progress.stability * growth,
      intervalDays: progress.intervalDays * growth,
    })
  /* [what, the card as the answer leaves it, exam, growth of one more review, expected window] */
  const CASES: [
    string,
    Progress,
    ExamContext | null,
    number,
    { lower: number; upper: number } | null,
  ][] = [
    ['no exam', review({ intervalDays: 40, stability: 12 }), null, 2.5, null],
    [
      'comes back before the exam anyway',
      review({ intervalDays: 12, stability: 12 }),
      exam(20),
      2.5,
      null,
    ],
    [
      'due after the exam, strong enough for the day',
      review({ intervalDays: 200, stability: 200 }),
      exam(20),
      2.5,
      null,
    ],
    /*
     * 95 % needs the exam within 0.4 stability of the last review: 62.5 days of stability carry it from day 1,
     * so FSRS takes day 2
     */
    [
      'due after the exam, under the target: one review early on carries it',
      review({ intervalDays: 25, stability: 25 }),
      exam(20),
      2.5,
      { lower: 2, upper: 2 },
    ],
    /* no growth: 25 days carry it 10 days, so day 10 is the first that suffices, and FSRS takes day 11 */
    [
      'a review that barely helps comes later',
      review({ intervalDays: 25, stability: 25 }),
      exam(20),
      1,
      { lower: 11, upper: 11 },
    ],
    /* SM-2 reads the interval as the stability (the same 62.5 days after the review): the same day as FSRS */
    [
      'SM-2 by its interval: the day after the first that suffices, as FSRS',
      review({ intervalDays: 25, stability: null }),
      exam(20, 'sm2'),
      2.5,
      { lower: 2, upper: 2 },
    ],
    [
      'SM-2, a review that barely helps comes later',
      review({ intervalDays: 25, stability: null }),
      exam(20, 'sm2'),
      1,
      { lower: 11, upper: 11 },
    ],
    [
      'the weakest, which no single review carries: the final days',
      review({ intervalDays: 25, stability: 2 }),
      exam(20),
      1,
      { lower: 20 - EXAM_FINAL_DAYS, upper: 19 },
    ],
    [
      'an exam in three days',
      review({ intervalDays: 5, stability: 5 }),
      exam(3),
      2.5,
      { lower: 2, upper: 2 },
    ],
    [
      'the exam tomorrow: nothing to move',
      review({ intervalDays: 5, stability: 5 }),
      exam(1),
      2.5,
      null,
    ],
    [
      'a learning card is left to its steps',
      review({ state: 'learning', intervalDays: 0 }),
      exam(10),
      2.5,
      null,
    ],
  ]
  for (const [what, progress, context, growth, expected] of CASES) {
    test(what, ({ assert }) =>
      assert.deepEqual(examWindow(progress, context, grows(progress, growth)), expected)
    )
  }

  for (const scheduler of ['fsrs', 'sm2'] as const) {
    test(
      `${scheduler}: placedOutcome brings the review back before the exam, keeping the interval; after the ` +
        `exam the normal due day comes back`,
      ({ assert }) => {
        const algorithm = resolveAlgorithm('custom', { scheduler })
        const lastReviewedAt = new Date('2026-02-20T09:00:00Z')
        const input = {
          cardId: 7,
          progress: review({ lastReviewedAt, stability: scheduler === 'fsrs' ? 10 : null }),
          algorithm,
          fsrsParameters: null,
          now,
        }
        const normal = outcomesFor(input).good!.progress
        const capped = placedOutcome(input, 'good', { load: null, exam: exam(20) }).progress
        assert.isAbove(normal.intervalDays, 20)
        const daysUntilDue = Math.round((capped.dueAt!.getTime() - now.getTime()) / 86_400_000)
        assert.isAtLeast(daysUntilDue, 1)
        assert.isAtMost(daysUntilDue, 19)
        /* the due day moves; the interval and the memory stay what the answer made them (as Anki's "set due date") */
        assert.deepEqual({ ...capped, dueAt: normal.dueAt }, normal)
        /* the review comes back early enough that the one after it (Good) carries the card to the day */
        const next = outcomesFor({ ...input, progress: capped, now: capped.dueAt! }).good!.progress
        assert.isAtLeast(
          predictedRecall(next, 20 - daysUntilDue, scheduler, null)!,
          DEFAULT_EXAM_RETENTION
        )
        assert.deepEqual(placedOutcome(input, 'good', { load: null, exam: null }).progress, normal)
      }
    )
  }
})

test.group('Exam planner: the pace of new cards', () => {
  /* [what, new left, days left, ceiling, expected] */
  const CASES: [string, number, number, number | null, ReturnType<typeof newCardPace>][] = [
    [
      'spread over the days before the cutoff',
      1000,
      30,
      40,
      { needed: 39, perDay: 39, fits: true, learningDays: 30 - EXAM_NO_NEW_DAYS },
    ],
    [
      'over the ceiling: the ceiling, and it does not fit',
      1000,
      30,
      30,
      { needed: 39, perDay: 30, fits: false, learningDays: 26 },
    ],
    ['no ceiling', 100, 14, null, { needed: 10, perDay: 10, fits: true, learningDays: 10 }],
    ['nothing left to learn', 0, 30, 10, { needed: 0, perDay: 0, fits: true, learningDays: 26 }],
    [
      'past the cutoff: everything now, and it does not fit',
      100,
      3,
      null,
      { needed: 100, perDay: 100, fits: false, learningDays: 0 },
    ],
  ]
  for (const [what, left, days, ceiling, expected] of CASES)
    test(what, ({ assert }) => assert.deepEqual(newCardPace(left, days, ceiling), expected))

  test("the session offers the pace in place of the deck's new-card limit, counted from the day's start", ({
    assert,
  }) => {
    const use = { reviewsDue: 0, newAvailable: 990, cardsToday: 10, newToday: 10 }
    assert.deepEqual(
      dailyRoom(use, {
        newCardsPerDay: 20,
        maxCardsPerDay: null,
        exam: { daysLeft: 30, ceiling: 40 },
      }),
      { reviews: 0, newCards: 29 }
    )
    assert.deepEqual(dailyRoom(use, { newCardsPerDay: 20, maxCardsPerDay: null }), {
      reviews: 0,
      newCards: 10,
    })
  })
})

test.group('Exam planner: the plan the deck page shows', () => {
  const algorithm = resolveAlgorithm('custom', { scheduler: 'fsrs' })
  const base = {
    now,
    dayStart: new Date('2026-03-02T04:00:00Z'),
    todayWeekday: 1,
    algorithm,
    newToday: 0,
  }

  test('a deck that fits: every card brought in, retention at the target', ({ assert }) => {
    const plan = examForecast({ ...base, cards: [], newCards: 200, exam: exam(30), ceiling: 40 })
    assert.equal(plan.cardsToLearn, 200)
    assert.isTrue(plan.pace.fits)
    assert.equal(plan.reviewsPerDay.length, 30)
    assert.isAtLeast(plan.predictedRetention, DEFAULT_EXAM_RETENTION)
    /* the days after the cutoff hold reviews only, and there are some */
    assert.isAbove(
      plan.reviewsPerDay.slice(-EXAM_FINAL_DAYS).reduce((a, b) => a + b, 0),
      0
    )
  })

  test('a deck that does not fit the ceiling: the cards left out count as forgotten', ({
    assert,
  }) => {
    const plan = examForecast({ ...base, cards: [], newCards: 1000, exam: exam(10), ceiling: 20 })
    assert.isFalse(plan.pace.fits)
    assert.isBelow(plan.predictedRetention, 0.2 * 6 + 0.01)
    assert.isBelow(plan.predictedRetention, DEFAULT_EXAM_RETENTION)
  })

  test('cards already studied are reviewed on the plan and reach the target', ({ assert }) => {
    const cards = Array.from({ length: 50 }, (_, index) => ({
      id: index + 1,
      progress: review({
        stability: 4 + index,
        intervalDays: 4 + index,
        dueAt: new Date(now.getTime() + (index % 8) * 86_400_000),
        lastReviewedAt: new Date('2026-02-25T09:00:00Z'),
      }),
    }))
    const plan = examForecast({ ...base, cards, newCards: 0, exam: exam(21), ceiling: null })
    assert.isAbove(
      plan.reviewsPerDay.reduce((a, b) => a + b, 0),
      50
    )
    assert.isAtLeast(plan.predictedRetention, DEFAULT_EXAM_RETENTION)
  })

  test('deterministic', ({ assert }) => {
    const input = { ...base, cards: [], newCards: 120, exam: exam(15), ceiling: 15 }
    assert.deepEqual(examForecast(input), examForecast(input))
  })
})
