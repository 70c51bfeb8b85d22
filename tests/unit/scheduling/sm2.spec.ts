import { test } from '@japa/runner'
import { fuzzBounds, fuzzFraction, fuzzedInterval } from '#scheduling/fuzz'
import { isLeech, nextStates, SM2_DEFAULTS, type Sm2Settings, type Sm2State } from '#scheduling/sm2'

const NOW = new Date('2026-03-01T09:00:00Z')
const DAY_MS = 86_400_000
const settings = (overrides: Partial<Sm2Settings> = {}): Sm2Settings => ({
  ...SM2_DEFAULTS,
  ...overrides,
})

/* SCHEDULING.md, "Learning steps" */
test.group('SM-2 learning steps', () => {
  test('steps {steps}, {remaining} remaining → again {again} s, hard {hard} s, good {good}')
    .with([
      { steps: [1, 10], remaining: 2, again: 60, hard: 330, good: 600 },
      { steps: [1, 10], remaining: 1, again: 60, hard: 600, good: 'graduates' },
      { steps: [10], remaining: 1, again: 600, hard: 900, good: 'graduates' },
      { steps: [1, 10, 100], remaining: 3, again: 60, hard: 330, good: 600 },
    ])
    .run(({ assert }, { steps, remaining, again, hard, good }) => {
      const outcomes = nextStates(
        { state: { kind: 'learning', remainingSteps: remaining } },
        settings({ learningStepsMinutes: steps }),
        NOW,
        null
      )
      assert.equal(outcomes.again.delaySeconds, again)
      assert.deepEqual(outcomes.again.state, { kind: 'learning', remainingSteps: steps.length })
      assert.equal(outcomes.hard.delaySeconds, hard)
      assert.deepEqual(outcomes.hard.state, { kind: 'learning', remainingSteps: remaining })
      if (good === 'graduates') {
        assert.deepEqual(outcomes.good.state, {
          kind: 'review',
          intervalDays: 1,
          ease: 2.5,
          lapses: 0,
        })
        assert.equal(outcomes.good.delaySeconds, 86_400)
      } else {
        assert.equal(outcomes.good.delaySeconds, good)
        assert.deepEqual(outcomes.good.state, { kind: 'learning', remainingSteps: remaining - 1 })
      }
      assert.deepEqual(outcomes.easy.state, {
        kind: 'review',
        intervalDays: 4,
        ease: 2.5,
        lapses: 0,
      })
    })

  test('a new card starts on the product default steps 1 15', ({ assert }) => {
    const outcomes = nextStates({ state: { kind: 'new' } }, SM2_DEFAULTS, NOW, null)
    assert.deepEqual(
      [outcomes.again.delaySeconds, outcomes.hard.delaySeconds, outcomes.good.delaySeconds],
      [60, 480, 900]
    )
    assert.equal(outcomes.good.dueAt.getTime(), NOW.getTime() + 900_000)
  })

  test('a lone step waits 1.5× on hard, but never more than a day longer', ({ assert }) => {
    const outcomes = nextStates(
      { state: { kind: 'learning', remainingSteps: 1 } },
      settings({ learningStepsMinutes: [3 * 24 * 60] }),
      NOW,
      null
    )
    assert.equal(outcomes.hard.delaySeconds, 3 * 86_400 + 86_400)
  })
})

/* SCHEDULING.md, "Review answers" */
test.group('SM-2 review answers', () => {
  test('interval 100 d, ease 2.50, 8 days late → hard 120 (2.35), good 260 (2.50), easy 351 (2.65)', ({
    assert,
  }) => {
    const card = {
      state: { kind: 'review', intervalDays: 100, ease: 2.5, lapses: 0 } as Sm2State,
      dueAt: new Date(NOW.getTime() - 8 * DAY_MS),
    }
    const { hard, good, easy } = nextStates(card, SM2_DEFAULTS, NOW, null)
    assert.deepEqual(hard.state, { kind: 'review', intervalDays: 120, ease: 2.35, lapses: 0 })
    assert.deepEqual(good.state, { kind: 'review', intervalDays: 260, ease: 2.5, lapses: 0 })
    assert.equal(easy.state.kind === 'review' && easy.state.intervalDays, 351)
    assert.closeTo(easy.state.kind === 'review' ? easy.state.ease : 0, 2.65, 1e-9)
  })

  /*
   * Early reviews (exam mode brings cards back early), as Anki's v3 takes
   * them: hard max(elapsed × 1.2, interval × 0.6), good max(elapsed × ease,
   * interval), easy good's × 1.15 (half the easy bonus).
   */
  test('interval {interval} d, ease 2.50, answered {elapsed} d after the last review → {expected}')
    .with([
      { interval: 40, elapsed: 10, expected: [24, 40, 46] },
      { interval: 50, elapsed: 30, expected: [36, 75, 86] },
      /* less than a day early is on time: 10 × 2.5 */
      { interval: 10, elapsed: 9.5, expected: [12, 25, 33] },
    ])
    .run(({ assert }, { interval, elapsed, expected }) => {
      const lastReviewedAt = new Date(NOW.getTime() - elapsed * DAY_MS)
      const card = {
        state: { kind: 'review', intervalDays: interval, ease: 2.5, lapses: 0 } as Sm2State,
        dueAt: NOW,
        lastReviewedAt,
      }
      const outcomes = nextStates(card, SM2_DEFAULTS, NOW, null)
      const days = (['hard', 'good', 'easy'] as const).map((rating) => {
        const state = outcomes[rating].state
        return state.kind === 'review' ? state.intervalDays : -1
      })
      assert.deepEqual(days, expected)
    })

  test('interval 1, ease 1.30 → {expected} with {label}')
    .with([
      { label: 'defaults', overrides: {}, expected: [2, 3, 4] },
      {
        label: 'maximum interval 5 and interval modifier 10',
        overrides: { maximumIntervalDays: 5, intervalModifier: 10 },
        expected: [5, 5, 5],
      },
    ])
    .run(({ assert }, { overrides, expected }) => {
      const card = {
        state: { kind: 'review', intervalDays: 1, ease: 1.3, lapses: 0 } as Sm2State,
        dueAt: NOW,
      }
      const outcomes = nextStates(card, settings(overrides), NOW, null)
      const days = (['hard', 'good', 'easy'] as const).map((rating) => {
        const state = outcomes[rating].state
        return state.kind === 'review' ? state.intervalDays : -1
      })
      assert.deepEqual(days, expected)
      /* the ease never falls under its floor */
      assert.deepEqual(outcomes.hard.state.kind === 'review' && outcomes.hard.state.ease, 1.3)
    })

  test('a lapse of a 100-day card relearns, then comes back at 1 day (2 with easy)', ({
    assert,
  }) => {
    const card = {
      state: { kind: 'review', intervalDays: 100, ease: 2.5, lapses: 2 } as Sm2State,
      dueAt: NOW,
    }
    const { again } = nextStates(card, SM2_DEFAULTS, NOW, null)
    assert.deepEqual(again.state, {
      kind: 'relearning',
      remainingSteps: 1,
      intervalDays: 1,
      ease: 2.3,
      lapses: 3,
    })
    assert.equal(again.delaySeconds, 600)
    const relearned = nextStates({ state: again.state }, SM2_DEFAULTS, NOW, null)
    assert.deepEqual(relearned.good.state, {
      kind: 'review',
      intervalDays: 1,
      ease: 2.3,
      lapses: 3,
    })
    assert.deepEqual(relearned.easy.state, {
      kind: 'review',
      intervalDays: 2,
      ease: 2.3,
      lapses: 3,
    })
    assert.deepEqual(relearned.again.state, again.state)
  })
})

/* SCHEDULING.md, "Fuzz" */
test.group('SM-2 fuzz', () => {
  test('interval {interval} (minimum {minimum}) → {expected} for the fractions 0 / 0.5 / 0.99')
    .with([
      { interval: 2.5, minimum: 1, expected: [2, 3, 4] },
      { interval: 7, minimum: 1, expected: [5, 7, 9] },
      { interval: 17, minimum: 1, expected: [14, 17, 20] },
      { interval: 37, minimum: 1, expected: [33, 37, 41] },
      { interval: 100, minimum: 101, expected: [101, 105, 108] },
    ])
    .run(({ assert }, { interval, minimum, expected }) => {
      assert.deepEqual(
        [0, 0.5, 0.99].map((fraction) => fuzzedInterval(interval, fraction, minimum, 36500)),
        expected
      )
    })

  test('no fuzz under 2.5 days, and never past the maximum', ({ assert }) => {
    assert.deepEqual(fuzzBounds(2, 1, 36500), [2, 2])
    assert.deepEqual(fuzzBounds(100, 1, 102), [93, 102])
  })

  test('the fraction is the same for the same card and review count, and spread over [0, 1)', ({
    assert,
  }) => {
    assert.equal(fuzzFraction(42, 3), fuzzFraction(42, 3))
    assert.notEqual(fuzzFraction(42, 3), fuzzFraction(42, 4))
    const fractions = Array.from({ length: 2000 }, (_, index) => fuzzFraction(index, 1))
    assert.isTrue(fractions.every((fraction) => fraction >= 0 && fraction < 1))
    const mean = fractions.reduce((sum, fraction) => sum + fraction, 0) / fractions.length
    assert.closeTo(mean, 0.5, 0.05)
  })

  test('fuzzed review answers stay in order: hard < good < easy', ({ assert }) => {
    for (const fraction of [0, 0.3, 0.99]) {
      const card = {
        state: { kind: 'review', intervalDays: 10, ease: 1.3, lapses: 0 } as Sm2State,
        dueAt: NOW,
      }
      const outcomes = nextStates(card, SM2_DEFAULTS, NOW, fraction)
      const days = (['hard', 'good', 'easy'] as const).map(
        (rating) => outcomes[rating].delaySeconds / 86_400
      )
      assert.isBelow(days[0], days[1])
      assert.isBelow(days[1], days[2])
    }
  })
})

test.group('SM-2 leeches', () => {
  test('{lapses} lapses → leech {leech}')
    .with([
      { lapses: 7, leech: false },
      { lapses: 8, leech: true },
      { lapses: 9, leech: false },
      { lapses: 12, leech: true },
      { lapses: 14, leech: false },
      { lapses: 16, leech: true },
    ])
    .run(({ assert }, { lapses, leech }) => {
      assert.equal(isLeech(lapses, SM2_DEFAULTS), leech)
    })

  test('the eighth lapse is reported on the again answer', ({ assert }) => {
    const card = {
      state: { kind: 'review', intervalDays: 3, ease: 1.3, lapses: 7 } as Sm2State,
      dueAt: NOW,
    }
    const outcomes = nextStates(card, SM2_DEFAULTS, NOW, null)
    assert.isTrue(outcomes.again.leech)
    assert.isFalse(outcomes.good.leech)
  })
})
