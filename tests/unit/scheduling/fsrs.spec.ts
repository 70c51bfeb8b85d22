import { test } from '@japa/runner'
import {
  default_w,
  fsrs,
  get_fuzz_range,
  type Card,
  type Grade,
  createEmptyCard,
  Rating as FsrsRating,
} from 'ts-fsrs'
import { FSRSBinding } from '@open-spaced-repetition/binding'
import {
  FSRS6_DEFAULT_PARAMETERS,
  SM2_HISTORICAL_RETENTION,
  fsrsNextStates,
  memoryStateFromSm2,
  retrievability,
  type FsrsSettings,
} from '#scheduling/fsrs'
import { NEW_PROGRESS, RATINGS, type Progress, type Rating } from '#scheduling/types'

const DAY_MS = 86_400_000
const NOW = new Date('2022-12-29T12:30:00Z')

/* ts-fsrs's default steps (1m 10m, relearning 10m): the ones SCHEDULING.md's vectors were computed with */
const TS_FSRS_STEPS = { learningStepsMinutes: [1, 10], relearningStepsMinutes: [10] }
const settings = (overrides: Partial<FsrsSettings> = {}): FsrsSettings => ({
  desiredRetention: 0.9,
  maximumIntervalDays: 36500,
  ...TS_FSRS_STEPS,
  parameters: null,
  leechThreshold: 8,
  ...overrides,
})

const RATING_OF = { A: 'again', H: 'hard', G: 'good', E: 'easy' } as const

/** Answers `ratings` one after the other, each at the time `when` gives (default: when the card fell due). */
function answer(
  ratings: Rating[],
  options: { settings?: FsrsSettings; when?: (previous: Progress, index: number) => Date } = {}
) {
  let progress: Progress = { ...NEW_PROGRESS }
  let now = NOW
  const history: Progress[] = []
  for (const [index, rating] of ratings.entries()) {
    if (index > 0) now = options.when ? options.when(progress, index) : progress.dueAt!
    progress = fsrsNextStates(progress, options.settings ?? settings(), now, null)[rating].progress
    history.push(progress)
  }
  return history
}

/** A review card with the given memory, last answered `elapsedDays` before NOW. */
function reviewCard(
  stability: number,
  difficulty: number,
  intervalDays: number,
  elapsedDays = intervalDays,
  overrides: Partial<Progress> = {}
): Progress {
  const last = new Date(NOW.getTime() - elapsedDays * DAY_MS)
  return {
    ...NEW_PROGRESS,
    state: 'review',
    stability,
    difficulty,
    intervalDays,
    reps: 5,
    lapses: 0,
    lastReviewedAt: last,
    dueAt: new Date(last.getTime() + intervalDays * DAY_MS),
    ...overrides,
  }
}

/* SCHEDULING.md, "FSRS" */
test.group('FSRS-6 reference vectors', () => {
  test("the default parameters are SCHEDULING.md's, ts-fsrs's and the optimizer's", ({
    assert,
  }) => {
    assert.lengthOf(FSRS6_DEFAULT_PARAMETERS, 21)
    assert.deepEqual([...FSRS6_DEFAULT_PARAMETERS], [...default_w])
    /* the binding keeps them as f32 */
    const binding = new FSRSBinding().memoryStateFromSM2(2.5, 10, 0.9)
    const ours = new FSRSBinding([...FSRS6_DEFAULT_PARAMETERS]).memoryStateFromSM2(2.5, 10, 0.9)
    assert.equal(ours.difficulty, binding.difficulty)
  })

  test('G,G,G,G,G,G,A,A,G,G,G,G,G at each due time → scheduled days [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21]', ({
    assert,
  }) => {
    const ratings = [...'GGGGGGAAGGGGG'].map(
      (letter) => RATING_OF[letter as keyof typeof RATING_OF]
    )
    const history = answer(ratings)
    assert.deepEqual(
      history.map((progress) => progress.intervalDays),
      [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21]
    )
    assert.deepEqual(
      history.map((progress) => progress.state),
      [
        'learning',
        'review',
        'review',
        'review',
        'review',
        'review',
        'relearning',
        'relearning',
        'review',
        'review',
        'review',
        'review',
        'review',
      ]
    )
    /* ts-fsrs counts every answer, and one lapse: the first Again on a review card */
    assert.deepEqual(
      history.map((progress) => progress.reps),
      ratings.map((_, index) => index + 1)
    )
    assert.deepEqual(
      history.map((progress) => progress.lapses),
      [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1]
    )
  })

  test('A,G,G,G,G,G at day offsets 0,0,1,3,8,21 → S 53.62691, D 6.3574867 (short-term on)', ({
    assert,
  }) => {
    const offsets = [0, 0, 1, 3, 8, 21]
    let now = NOW
    const history = answer(['again', 'good', 'good', 'good', 'good', 'good'], {
      when: (_, index) => (now = new Date(now.getTime() + offsets[index] * DAY_MS)),
    })
    const last = history.at(-1)!
    assert.closeTo(last.stability!, 53.62691, 1e-4)
    assert.closeTo(last.difficulty!, 6.3574867, 1e-4)
  })

  /*
   * fsrsNextStates always schedules with short-term memory on (learning steps
   * are how the product works), so the short-term-off vector is checked on the
   * ts-fsrs scheduler it builds on, with the same weights.
   */
  test('A,G,G,G,G,G at day offsets 0,0,1,3,8,21 → S 53.335106, D 6.3574867 (short-term off, ts-fsrs)', ({
    assert,
  }) => {
    const scheduler = fsrs({ w: [...FSRS6_DEFAULT_PARAMETERS], enable_short_term: false })
    let card: Card = createEmptyCard(NOW)
    let now = NOW
    const grades: Grade[] = [
      FsrsRating.Again,
      FsrsRating.Good,
      FsrsRating.Good,
      FsrsRating.Good,
      FsrsRating.Good,
      FsrsRating.Good,
    ]
    for (const [index, grade] of grades.entries()) {
      now = new Date(now.getTime() + [0, 0, 1, 3, 8, 21][index] * DAY_MS)
      card = scheduler.next(card, now, grade).card
    }
    assert.closeTo(card.stability, 53.335106, 1e-4)
    assert.closeTo(card.difficulty, 6.3574867, 1e-4)
  })

  test('first answer of a new card → S, D and scheduled days per rating', ({ assert }) => {
    for (const stepSettings of [settings(), settings({ learningStepsMinutes: [1, 15] })]) {
      const outcomes = fsrsNextStates(NEW_PROGRESS, stepSettings, NOW, null)
      assert.deepEqual(
        RATINGS.map((rating) => outcomes[rating].progress.stability),
        [0.212, 1.2931, 2.3065, 8.2956]
      )
      const difficulties = RATINGS.map((rating) => outcomes[rating].progress.difficulty!)
      for (const [index, expected] of [6.4133, 5.11217071, 2.11810397, 1].entries())
        assert.closeTo(difficulties[index], expected, 1e-8)
      assert.deepEqual(
        RATINGS.map((rating) => outcomes[rating].progress.intervalDays),
        [0, 0, 0, 8]
      )
      assert.deepEqual(
        RATINGS.map((rating) => outcomes[rating].progress.state),
        ['learning', 'learning', 'learning', 'review']
      )
      for (const rating of RATINGS) {
        const { progress } = outcomes[rating]
        assert.equal(progress.reps, 1)
        assert.equal(progress.lapses, 0)
        assert.equal(progress.ease, 0)
        assert.deepEqual(progress.lastReviewedAt, NOW)
        assert.equal(
          outcomes[rating].delaySeconds,
          (progress.dueAt!.getTime() - NOW.getTime()) / 1000
        )
      }
    }
  })

  test('learning steps: a new card waits 1 / 6 / 10 minutes on steps 1m 10m, 1 / 8 / 15 on 1m 15m', ({
    assert,
  }) => {
    const delays = (learningStepsMinutes: number[]) => {
      const outcomes = fsrsNextStates(NEW_PROGRESS, settings({ learningStepsMinutes }), NOW, null)
      return RATINGS.map((rating) => outcomes[rating].delaySeconds)
    }
    /* Hard waits halfway to the second step, rounded by ts-fsrs to whole minutes: (1 + 10) / 2 = 5.5 → 6 */
    assert.deepEqual(delays([1, 10]).slice(0, 3), [60, 360, 600])
    assert.deepEqual(delays([1, 15]).slice(0, 3), [60, 480, 900])
    assert.equal(delays([1, 15])[3], 8 * 86_400)
    /* the step counter moves on with Good */
    const good = fsrsNextStates(NEW_PROGRESS, settings(), NOW, null).good.progress
    assert.equal(good.step, 1)
  })
})

test.group('FSRS scheduling behaviour', () => {
  test('the same input gives the same output', ({ assert }) => {
    const card = reviewCard(12.3, 5.4, 10, 11)
    for (const fuzz of [null, 0.37]) {
      const first = fsrsNextStates(card, settings(), NOW, fuzz)
      const second = fsrsNextStates(structuredClone(card), settings(), new Date(NOW), fuzz)
      assert.deepEqual(second, first)
    }
    /* and the input is not touched */
    assert.deepEqual(card, reviewCard(12.3, 5.4, 10, 11))
  })

  test("fuzz stays in ts-fsrs's range around the interval and moves with the fraction", ({
    assert,
  }) => {
    const card = reviewCard(40, 5, 30)
    const plain = fsrsNextStates(card, settings(), NOW, null).good.progress.intervalDays
    assert.isAbove(plain, 30)
    const { min_ivl: low, max_ivl: high } = get_fuzz_range(plain, 30, 36500)
    assert.isBelow(low, plain)
    assert.isAbove(high, plain)
    const fractions = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99]
    const fuzzed = fractions.map(
      (fraction) => fsrsNextStates(card, settings(), NOW, fraction).good.progress.intervalDays
    )
    for (const days of fuzzed) {
      assert.isAtLeast(days, low)
      assert.isAtMost(days, high)
    }
    assert.equal(fuzzed[0], low)
    assert.equal(fuzzed.at(-1), high)
    /* a larger fraction never picks an earlier day */
    assert.deepEqual(
      [...fuzzed].sort((a, b) => a - b),
      fuzzed
    )
    /* due dates follow the fuzzed interval */
    const outcome = fsrsNextStates(card, settings(), NOW, 0.99).good
    assert.equal(outcome.delaySeconds, high * 86_400)
  })

  test('no fuzz on learning steps or intervals under 2.5 days, and fuzzed answers stay in order', ({
    assert,
  }) => {
    const learning = fsrsNextStates(NEW_PROGRESS, settings(), NOW, 0.99)
    const plain = fsrsNextStates(NEW_PROGRESS, settings(), NOW, null)
    for (const rating of ['again', 'hard', 'good'] as const)
      assert.equal(learning[rating].delaySeconds, plain[rating].delaySeconds)
    for (const fraction of [0, 0.5, 0.99]) {
      const outcomes = fsrsNextStates(reviewCard(5, 6, 4), settings(), NOW, fraction)
      const days = (['hard', 'good', 'easy'] as const).map(
        (rating) => outcomes[rating].progress.intervalDays
      )
      assert.isBelow(days[0], days[1])
      assert.isBelow(days[1], days[2])
    }
  })

  test('desired retention 0.8 gives longer intervals than 0.95', ({ assert }) => {
    const card = reviewCard(20, 5, 20)
    const at = (desiredRetention: number) =>
      fsrsNextStates(card, settings({ desiredRetention }), NOW, null)
    const low = at(0.8)
    const high = at(0.95)
    for (const rating of ['hard', 'good', 'easy'] as const) {
      assert.isAbove(low[rating].progress.intervalDays, high[rating].progress.intervalDays)
    }
    /* the memory state does not depend on the target */
    assert.equal(low.good.progress.stability, high.good.progress.stability)
  })

  test('the maximum interval clamps every review interval', ({ assert }) => {
    const card = reviewCard(300, 3, 300)
    const free = fsrsNextStates(card, settings(), NOW, null)
    assert.isAbove(free.good.progress.intervalDays, 30)
    for (const fuzz of [null, 0.99]) {
      const outcomes = fsrsNextStates(card, settings({ maximumIntervalDays: 30 }), NOW, fuzz)
      /* hard, good and easy all reach the cap: it wins over keeping them a day apart */
      assert.deepEqual(
        (['hard', 'good', 'easy'] as const).map((rating) => outcomes[rating].progress.intervalDays),
        [30, 30, 30]
      )
      for (const rating of ['hard', 'good', 'easy'] as const) {
        assert.equal(outcomes[rating].delaySeconds, 30 * 86_400)
        assert.equal(outcomes[rating].progress.dueAt!.getTime(), NOW.getTime() + 30 * DAY_MS)
      }
    }
  })

  test('again on a review card lapses into relearning; the lapse that reaches the threshold is a leech', ({
    assert,
  }) => {
    const card = reviewCard(10, 7, 10, 10, { lapses: 7 })
    const outcomes = fsrsNextStates(card, settings(), NOW, null)
    assert.equal(outcomes.again.progress.state, 'relearning')
    assert.equal(outcomes.again.progress.lapses, 8)
    assert.equal(outcomes.again.delaySeconds, 600)
    assert.isTrue(outcomes.again.leech)
    for (const rating of ['hard', 'good', 'easy'] as const) {
      assert.isFalse(outcomes[rating].leech)
      assert.equal(outcomes[rating].progress.lapses, 7)
    }
    /* below the threshold, past it between half-thresholds, or with leeches off: no leech */
    assert.isFalse(fsrsNextStates({ ...card, lapses: 6 }, settings(), NOW, null).again.leech)
    assert.isFalse(fsrsNextStates({ ...card, lapses: 8 }, settings(), NOW, null).again.leech)
    assert.isTrue(fsrsNextStates({ ...card, lapses: 11 }, settings(), NOW, null).again.leech)
    assert.isFalse(fsrsNextStates(card, settings({ leechThreshold: 0 }), NOW, null).again.leech)
    /* Again while relearning is no new lapse */
    const relearning = { ...outcomes.again.progress }
    const again = fsrsNextStates(
      relearning,
      settings(),
      new Date(NOW.getTime() + 600_000),
      null
    ).again
    assert.equal(again.progress.lapses, 8)
    assert.isFalse(again.leech)
  })

  test("a card SM-2 scheduled gets fsrs-rs's SM-2 conversion as its memory state", ({ assert }) => {
    const sm2Card: Progress = {
      ...NEW_PROGRESS,
      state: 'review',
      intervalDays: 30,
      ease: 2.5,
      reps: 8,
      lapses: 1,
      lastReviewedAt: new Date(NOW.getTime() - 30 * DAY_MS),
      dueAt: NOW,
    }
    const outcomes = fsrsNextStates(sm2Card, settings(), NOW, null)
    const converted = memoryStateFromSm2(
      2.5,
      30,
      SM2_HISTORICAL_RETENTION,
      FSRS6_DEFAULT_PARAMETERS
    )
    /* at 90 % historical retention the interval is the stability */
    assert.closeTo(converted.stability, 30, 1e-3)
    assert.isAtLeast(converted.difficulty, 1)
    assert.isAtMost(converted.difficulty, 10)
    /* answered at t = S: Good grows the stability the FSRS way from the converted state */
    const fromConverted = fsrsNextStates(
      reviewCard(converted.stability, converted.difficulty, 30, 30, { reps: 8, lapses: 1 }),
      settings(),
      NOW,
      null
    )
    for (const rating of RATINGS) {
      const { progress } = outcomes[rating]
      assert.isTrue(Number.isFinite(progress.stability) && progress.stability! > 0)
      assert.isTrue(
        Number.isFinite(progress.difficulty) &&
          progress.difficulty! >= 1 &&
          progress.difficulty! <= 10
      )
      assert.closeTo(progress.stability!, fromConverted[rating].progress.stability!, 1e-9)
      assert.equal(progress.intervalDays, fromConverted[rating].progress.intervalDays)
      /* the SM-2 ease is left as it was */
      assert.equal(progress.ease, 2.5)
    }
    assert.isAbove(outcomes.good.progress.intervalDays, 30)
    assert.equal(outcomes.again.progress.lapses, 2)
    /* a lower ease means a harder card */
    const harder = fsrsNextStates({ ...sm2Card, ease: 1.3 }, settings(), NOW, null)
    assert.isAbove(harder.good.progress.difficulty!, outcomes.good.progress.difficulty!)
  })

  test('an SM-2 learning card starts its memory on this answer, on the step it had reached', ({
    assert,
  }) => {
    /* SM-2 counts steps still to go: 1 of 1m 10m left is ts-fsrs's second step */
    const card: Progress = {
      ...NEW_PROGRESS,
      state: 'learning',
      step: 1,
      reps: 1,
      lastReviewedAt: NOW,
      dueAt: NOW,
    }
    const outcomes = fsrsNextStates(card, settings(), NOW, null)
    assert.equal(outcomes.good.progress.state, 'review')
    assert.equal(outcomes.again.delaySeconds, 60)
    assert.equal(outcomes.good.progress.stability, 2.3065)
    assert.equal(outcomes.good.progress.reps, 2)
  })

  test("again goes to the first (re)learning step, whatever the card's step counter says", ({
    assert,
  }) => {
    const twoSteps = settings({ relearningStepsMinutes: [10, 60] })
    /* FSRS and SM-2 review cards lapse to the first relearning step */
    const fsrsCard = reviewCard(10, 5, 10, 10, { step: 1 })
    const sm2Card = { ...fsrsCard, stability: null, difficulty: null, ease: 2.5 }
    for (const card of [fsrsCard, sm2Card]) {
      const again = fsrsNextStates(card, twoSteps, NOW, null).again
      assert.equal(again.delaySeconds, 600)
      assert.equal(again.progress.state, 'relearning')
      assert.equal(again.progress.step, 0)
    }
    /* a learning card whose counter is past the steps (they were shortened since) is on the last step */
    const learning: Progress = {
      ...NEW_PROGRESS,
      state: 'learning',
      step: 3,
      reps: 3,
      stability: 2.3,
      difficulty: 2.1,
      lastReviewedAt: NOW,
      dueAt: NOW,
    }
    const outcomes = fsrsNextStates(learning, settings(), NOW, null)
    assert.equal(outcomes.again.delaySeconds, 60)
    assert.equal(outcomes.again.progress.state, 'learning')
    assert.equal(outcomes.good.progress.state, 'review')
  })

  test('speed-mode states are refused', ({ assert }) => {
    assert.throws(() => fsrsNextStates({ ...NEW_PROGRESS, state: 'got_it' }, settings(), NOW, null))
  })
})

test.group('FSRS retrievability', () => {
  test('≈ 0.9 at t = S, higher before, lower after, whatever the weights', ({ assert }) => {
    for (const parameters of [null, [...FSRS6_DEFAULT_PARAMETERS.slice(0, 20), 0.5]]) {
      const card = reviewCard(25, 5, 25, 0)
      const at = (days: number) =>
        retrievability(card, new Date(card.lastReviewedAt!.getTime() + days * DAY_MS), parameters)!
      assert.closeTo(at(25), 0.9, 1e-6)
      assert.closeTo(at(0), 1, 1e-9)
      assert.isAbove(at(10), 0.9)
      assert.isBelow(at(60), 0.9)
    }
  })

  test("the default curve matches SCHEDULING.md's formula", ({ assert }) => {
    const decay = FSRS6_DEFAULT_PARAMETERS[20]
    const factor = 0.9 ** (-1 / decay) - 1
    const card = reviewCard(10, 5, 10, 0)
    const r = retrievability(card, new Date(NOW.getTime() + 37 * DAY_MS), null)!
    assert.closeTo(r, (1 + (factor * 37) / 10) ** -decay, 1e-7)
  })

  test('null for new cards and cards without a memory state', ({ assert }) => {
    assert.isNull(retrievability(NEW_PROGRESS, NOW, null))
    assert.isNull(
      retrievability({ ...reviewCard(10, 5, 10), stability: null, difficulty: null }, NOW, null)
    )
  })
})
