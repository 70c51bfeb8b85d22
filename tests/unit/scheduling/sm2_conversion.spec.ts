import { test } from '@japa/runner'
import { FSRSBinding } from '@open-spaced-repetition/binding'
import {
  FSRS6_DEFAULT_PARAMETERS,
  SM2_HISTORICAL_RETENTION,
  memoryStateFromSm2,
} from '#scheduling/fsrs'

/*
 * fsrs.ts's SM-2 conversion against the one it restates, fsrs-rs's memory_state_from_sm2 through the
 * optimizer binding (which the server keeps for fitting weights). The binding rounds its inputs to f32 and
 * computes in f32, about 7 significant digits, and loses a few more where a difficulty near 1 is 11 less
 * a number near 10; the restatement computes in f64. So the two agree to a relative 1e-5, not exactly (5e-6
 * at worst on this grid), which is far finer than the day an interval is rounded to, while a change to any
 * term of the formula or any bound moves some result by more.
 */
const TOLERANCE = 1e-5

const PARAMETER_SETS: Record<string, readonly number[]> = {
  'FSRS-6 defaults': FSRS6_DEFAULT_PARAMETERS,
  /* a learner's fit: slower forgetting than the defaults (w20 0.24), easier growth (w8) */
  'FSRS-6 fit': [
    0.1306, 0.4813, 2.2103, 8.3426, 6.5153, 0.6551, 2.5714, 0.0094, 1.4893, 0.2127, 0.9426, 1.8366,
    0.0792, 0.3328, 1.4952, 0.3652, 2.2129, 0.6103, 0.2122, 0.0845, 0.2385,
  ],
  /* a fit near FSRS-5's curve (w20 0.5) with a high w9: the stability damps the growth more */
  'FSRS-6 fit, steep': [
    0.3521, 1.0152, 3.4417, 12.3608, 7.0412, 0.5873, 1.9521, 0.0208, 1.8012, 0.4421, 1.3208, 1.7743,
    0.0941, 0.2816, 2.0415, 0.2933, 2.7012, 0.4811, 0.3517, 0.1207, 0.5103,
  ],
  /* FSRS-5's defaults (19 weights): decay 0.5 */
  'FSRS-5 defaults': [
    0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192, 1.01925,
    1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621,
  ],
  /* FSRS-4.5's defaults (17 weights), which ts-fsrs and fsrs-rs still read */
  'FSRS-4.5 defaults': [
    0.4872, 1.4003, 3.7145, 13.8206, 5.1618, 1.2298, 0.8975, 0.031, 1.6474, 0.1367, 1.0461, 2.1072,
    0.0793, 0.3246, 1.587, 0.2272, 2.8755,
  ],
  /* out of the optimizer's bounds (w8, w9, w10, w20): fsrs-rs clips them before it converts */
  'out of bounds': [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, -0.5, 0.95, 4.1, 1.4835, 0.0614,
    0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.05,
  ],
}

/* 1.3 (SM-2's floor) to 5.0 by 0.05, and eases as SM-2 stores them after many answers */
const EASES = [
  ...Array.from({ length: 75 }, (_, index) => Math.round((1.3 + index * 0.05) * 100) / 100),
  1.55 + 1e-9,
  2.4999999,
  2.63,
]
/* a day to a century (the longest maximum interval), and fractions as a hand-edited import could have */
const INTERVALS = [
  1, 1.0000001, 1.5, 2, 2.9999999, 3, 4, 7, 10, 12.345, 30, 100, 365, 1000, 3650, 10_000, 36_499.5,
  36_500,
]
/* the retention fsrs.ts converts with, and others, so the curve's scaling (1 at 90 %) is compared too */
const RETENTIONS = [SM2_HISTORICAL_RETENTION, 0.8, 0.85, 0.95]

const relative = (ours: number, theirs: number) => Math.abs(ours - theirs) / Math.abs(theirs)

test.group('FSRS | the SM-2 conversion', () => {
  for (const [name, parameters] of Object.entries(PARAMETER_SETS)) {
    test(`agrees with the binding's memoryStateFromSM2: ${name}`, ({ assert }) => {
      const native = new FSRSBinding([...parameters])
      for (const retention of RETENTIONS) {
        for (const interval of INTERVALS) {
          for (const ease of EASES) {
            const binding = native.memoryStateFromSM2(ease, interval, retention)
            const theirs = { stability: binding.stability, difficulty: binding.difficulty }
            const ours = memoryStateFromSm2(ease, interval, retention, parameters)
            const worst = Math.max(
              relative(ours.stability, theirs.stability),
              relative(ours.difficulty, theirs.difficulty)
            )
            const inputs = `${ease}, ${interval}, ${retention}: ${JSON.stringify({ ours, theirs })}`
            assert.isAtMost(worst, TOLERANCE, inputs)
          }
        }
      }
    })
  }

  test('at 90 % the interval is the stability; difficulty stays within 1 and 10', ({ assert }) => {
    const state = memoryStateFromSm2(2.5, 30, 0.9, FSRS6_DEFAULT_PARAMETERS)
    assert.equal(state.stability, 30)
    /* fsrs-rs's own test (inference.rs test_memory_from_sm2) */
    assert.closeTo(memoryStateFromSm2(2.5, 10, 0.9, []).difficulty, 6.9140563, 1e-5)
    assert.equal(memoryStateFromSm2(1.3, 20, 0.9, []).difficulty, 10)
    assert.equal(memoryStateFromSm2(5, 1, 0.95, []).difficulty, 1)
  })

  test('weights fsrs-rs refuses are refused', ({ assert }) => {
    assert.throws(() => memoryStateFromSm2(2.5, 10, 0.9, FSRS6_DEFAULT_PARAMETERS.slice(0, 20)))
    assert.throws(() => new FSRSBinding(FSRS6_DEFAULT_PARAMETERS.slice(0, 20)))
    const withNaN = [...FSRS6_DEFAULT_PARAMETERS.slice(0, 20), Number.NaN]
    assert.throws(() => memoryStateFromSm2(2.5, 10, 0.9, withNaN))
    assert.throws(() => new FSRSBinding(withNaN))
  })
})
