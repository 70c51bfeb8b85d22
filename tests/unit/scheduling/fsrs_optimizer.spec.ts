import { test } from '@japa/runner'
import { fixture } from '#tests/support/fixtures'
import { readFileSync } from 'node:fs'
import { fsrs, forgetting_curve, type FSRSState } from 'ts-fsrs'
import { FSRS6_DEFAULT_PARAMETERS } from '#scheduling/fsrs'
import {
  HELD_OUT_FRACTION,
  MIN_REVIEWS_TO_FIT,
  NotEnoughReviewsError,
  fitParameters,
  isHeldOut,
  type FitResult,
  type ReviewRecord,
} from '#scheduling/fsrs_optimizer'

/* tests/fixtures/README.md: a real history, 12,580 reviews of 1,205 cards */
const FIXTURE = fixture('fsrs', 'review_logs.csv')
const DAY_MS = 86_400_000

function loadFixture(): ReviewRecord[] {
  const [header, ...lines] = readFileSync(FIXTURE, 'utf8').trim().split(/\r?\n/)
  if (header !== 'card_id,review_rating,review_time,review_duration')
    throw new Error(`unexpected header ${header}`)
  return lines.map((line) => {
    const [cardId, rating, time] = line.split(',')
    const reviewedAt = new Date(time)
    /* UTC day boundaries */
    return {
      cardId: Number(cardId),
      rating: Number(rating) as ReviewRecord['rating'],
      reviewedAt,
      studyDay: reviewedAt.toISOString().slice(0, 10),
    }
  })
}

const records = loadFixture()
let fit: Promise<FitResult> | undefined
const fixtureFit = () => (fit ??= fitParameters(records))

/*
 * Log loss on the held-out cards computed apart from the binding: replay each
 * card with ts-fsrs's memory-state update and predict every review that comes
 * a day or more after the previous one from the FSRS-6 forgetting curve.
 * Unweighted and without the binding's outlier filter, so close to its
 * figure, not equal.
 */
function heldOutLogLoss(parameters: readonly number[]) {
  const scheduler = fsrs({ w: [...parameters], enable_short_term: true })
  const byCard = new Map<number, ReviewRecord[]>()
  for (const record of records) {
    if (isHeldOut(record.cardId))
      byCard.set(record.cardId, [...(byCard.get(record.cardId) ?? []), record])
  }
  let sum = 0
  let count = 0
  for (const reviews of byCard.values()) {
    reviews.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime())
    let state: FSRSState | null = null
    let previousDay = 0
    for (const review of reviews) {
      const day = Date.parse(`${review.studyDay}T00:00:00Z`) / DAY_MS
      const elapsed = state ? day - previousDay : 0
      if (state && elapsed > 0) {
        const p = Math.min(
          Math.max(forgetting_curve([...parameters], elapsed, state.stability), 1e-7),
          1 - 1e-7
        )
        sum -= review.rating > 1 ? Math.log(p) : Math.log(1 - p)
        count++
      }
      state = scheduler.next_state(state, elapsed, review.rating)
      previousDay = day
    }
  }
  return sum / count
}

test.group('FSRS optimizer on a real review history', () => {
  test('the fixture holds 12,580 distinct reviews of 1,205 cards', ({ assert }) => {
    assert.lengthOf(records, 12_580)
    assert.equal(new Set(records.map((record) => record.cardId)).size, 1205)
    assert.equal(
      new Set(records.map((record) => `${record.cardId}:${record.reviewedAt.getTime()}`)).size,
      12_580
    )
    assert.isTrue(
      records.every(
        (record) =>
          [1, 2, 3, 4].includes(record.rating) && Number.isFinite(record.reviewedAt.getTime())
      )
    )
  })

  test('fitted parameters beat the defaults on the held-out cards', async ({ assert }) => {
    const result = await fixtureFit()
    /* nothing dropped: no duplicates, no malformed rows */
    assert.equal(result.reviews, 12_580)
    assert.equal(result.trainReviews + result.testReviews, 12_580)
    const heldOutRecords = records.filter((record) => isHeldOut(record.cardId)).length
    assert.equal(result.testReviews, heldOutRecords)
    /* about a fifth of the cards are held out */
    const cards = [...new Set(records.map((record) => record.cardId))]
    const heldOutShare = cards.filter((cardId) => isHeldOut(cardId)).length / cards.length
    assert.closeTo(heldOutShare, HELD_OUT_FRACTION, 0.05)

    assert.lengthOf(result.parameters, 21)
    assert.isTrue(result.parameters.every((value) => Number.isFinite(value)))
    assert.notDeepEqual(result.parameters, [...FSRS6_DEFAULT_PARAMETERS])

    for (const value of [result.defaultLogLoss, result.fittedLogLoss]) {
      assert.isTrue(Number.isFinite(value))
      /* SCHEDULING.md: 0.4526 / 0.4455 on the whole history */
      assert.isAbove(value, 0.3)
      assert.isBelow(value, 0.6)
    }
    for (const value of [result.defaultRmse, result.fittedRmse]) {
      assert.isTrue(Number.isFinite(value))
      assert.isAbove(value, 0)
      assert.isBelow(value, 0.2)
    }
    assert.isBelow(result.fittedLogLoss, result.defaultLogLoss)
    assert.isTrue(result.kept)
  }).timeout(120_000)

  test('the held-out log losses agree with a replay apart from the binding', async ({ assert }) => {
    const result = await fixtureFit()
    const byDefault = heldOutLogLoss(FSRS6_DEFAULT_PARAMETERS)
    const byFit = heldOutLogLoss(result.parameters)
    assert.isBelow(byFit, byDefault)
    assert.closeTo(result.defaultLogLoss, byDefault, 0.03)
    assert.closeTo(result.fittedLogLoss, byFit, 0.03)
  }).timeout(120_000)

  test('the same history in another order gives the same split and the same fit', async ({
    assert,
  }) => {
    const result = await fixtureFit()
    /* a fixed permutation: reversed, then every other record first */
    const reversed = [...records].reverse()
    const shuffled = [
      ...reversed.filter((_, index) => index % 2 === 0),
      ...reversed.filter((_, index) => index % 2 === 1),
    ]
    const again = await fitParameters(shuffled)
    assert.deepEqual(
      { ...again, defaultRmse: 0, fittedRmse: 0 },
      { ...result, defaultRmse: 0, fittedRmse: 0 }
    )
    /* fsrs-rs sums RMSE(bins) over a hash map, in no fixed order: equal up to float rounding */
    assert.closeTo(again.defaultRmse, result.defaultRmse, 1e-6)
    assert.closeTo(again.fittedRmse, result.fittedRmse, 1e-6)
  }).timeout(120_000)
})

test.group('FSRS optimizer input', () => {
  test('fewer than MIN_REVIEWS_TO_FIT reviews are refused, duplicates not counted', async ({
    assert,
  }) => {
    const first = records.slice(0, MIN_REVIEWS_TO_FIT - 1)
    const refused = await fitParameters(first).then(
      () => null,
      (error) => error
    )
    assert.instanceOf(refused, NotEnoughReviewsError)
    assert.equal(refused.reviews, MIN_REVIEWS_TO_FIT - 1)

    /* MIN_REVIEWS_TO_FIT rows, one of them the same review stored twice */
    const withDuplicate = [...first, { ...first[0], reviewedAt: new Date(first[0].reviewedAt) }]
    const duplicate = await fitParameters(withDuplicate).then(
      () => null,
      (error) => error
    )
    assert.instanceOf(duplicate, NotEnoughReviewsError)
    assert.equal(duplicate.reviews, MIN_REVIEWS_TO_FIT - 1)
  })

  test('the split depends on the card alone', ({ assert }) => {
    const ids = Array.from({ length: 5000 }, (_, index) => 1_700_000_000_000 + index * 7919)
    const first = ids.map((id) => isHeldOut(id))
    assert.deepEqual(
      ids.map((id) => isHeldOut(id)),
      first
    )
    assert.closeTo(first.filter(Boolean).length / ids.length, HELD_OUT_FRACTION, 0.03)
    /* small database ids spread too */
    const small = Array.from({ length: 5000 }, (_, index) => index + 1)
    assert.closeTo(
      small.filter((id) => isHeldOut(id)).length / small.length,
      HELD_OUT_FRACTION,
      0.03
    )
  })

  test('with exactly MIN_REVIEWS_TO_FIT reviews the fit runs', async ({ assert }) => {
    /*
     * the fixture's first 1,000 rows: so few held-out predictions that the binding's outlier filter may leave
     * none (NaN, not kept)
     */
    const result = await fitParameters(records.slice(0, MIN_REVIEWS_TO_FIT))
    assert.equal(result.reviews, MIN_REVIEWS_TO_FIT)
    assert.equal(result.trainReviews + result.testReviews, MIN_REVIEWS_TO_FIT)
    assert.lengthOf(result.parameters, 21)
    assert.isTrue(result.parameters.every((value) => Number.isFinite(value)))
    assert.equal(result.kept, result.fittedLogLoss < result.defaultLogLoss)
  }).timeout(120_000)

  test('a history with nothing to predict on the held-out cards is fitted but not kept', async ({
    assert,
  }) => {
    /* every review on one study day: no review comes a day after another */
    const sameDay = records
      .slice(0, MIN_REVIEWS_TO_FIT)
      .map((record) => ({ ...record, studyDay: '2024-04-01' }))
    const result = await fitParameters(sameDay)
    assert.equal(result.reviews, MIN_REVIEWS_TO_FIT)
    assert.isNaN(result.defaultLogLoss)
    assert.isNaN(result.fittedLogLoss)
    assert.isFalse(result.kept)
  }).timeout(120_000)
})
