/*
 * Fits a learner's own FSRS-6 weights on their review history with the
 * optimizer binding (fsrs-rs), and keeps them only when they predict held-out
 * reviews better than the defaults do.
 */
import {
  FSRSBinding,
  FSRSBindingItem,
  FSRSBindingReview,
  computeParameters,
} from '@open-spaced-repetition/binding'
import { FSRS6_DEFAULT_PARAMETERS } from '#scheduling/fsrs'

/*
 * 1,000 reviews: the FSRS optimizer's long-standing recommendation. Below it
 * fsrs-rs itself fits little (under 64 predictable reviews only the initial
 * stabilities), and the 20 % held out would be a couple of hundred reviews,
 * too few for a log-loss difference of a few thousandths to mean anything.
 */
export const MIN_REVIEWS_TO_FIT = 1000

/*
 * The held-out set is the cards whose id hashes into the lowest 20 %, with
 * all their reviews: deterministic for a given history, a card stays on the
 * same side as its history grows (successive fits compare alike), no card's
 * own reviews sit on both sides, and both sides span the learner's whole
 * history. A chronological split would test only on the last weeks, whose
 * reviews are mostly of young cards.
 */
export const HELD_OUT_FRACTION = 0.2

export interface ReviewRecord {
  cardId: number
  reviewedAt: Date
  rating: 1 | 2 | 3 | 4
  /** YYYY-MM-DD, the learner's day */
  studyDay: string
}

export interface FitResult {
  kept: boolean
  /** the fitted weights (kept or not) */
  parameters: number[]
  /** reviews used: the input less exact duplicates and malformed rows */
  reviews: number
  trainReviews: number
  testReviews: number
  defaultLogLoss: number
  fittedLogLoss: number
  defaultRmse: number
  fittedRmse: number
}

export class NotEnoughReviewsError extends Error {
  readonly reviews: number

  constructor(reviews: number) {
    super(`FSRS needs at least ${MIN_REVIEWS_TO_FIT} reviews to fit, got ${reviews}`)
    this.reviews = reviews
  }
}

const DAY_MS = 86_400_000

/** Whether the card's reviews are held out to test the fit. */
export function isHeldOut(cardId: number) {
  /* both 32-bit halves, so large ids (Anki's are milliseconds) hash fully */
  let hash =
    Math.imul((cardId >>> 0) ^ 0x5bd1e995, 0x9e3779b1) ^
    Math.imul(Math.floor(cardId / 2 ** 32) >>> 0, 0x85ebca6b)
  hash = Math.imul(hash ^ (hash >>> 16), 0x7feb352d)
  hash = Math.imul(hash ^ (hash >>> 15), 0x846ca68b)
  return ((hash ^ (hash >>> 16)) >>> 0) / 2 ** 32 < HELD_OUT_FRACTION
}

/**
 * Fits on the training cards and compares with the defaults on the held-out ones; throws NotEnoughReviewsError
 * under MIN_REVIEWS_TO_FIT.
 */
export async function fitParameters(reviews: ReviewRecord[]): Promise<FitResult> {
  const cards = sequences(reviews)
  const used = [...cards.values()].reduce((sum, sequence) => sum + sequence.length, 0)
  if (used < MIN_REVIEWS_TO_FIT) throw new NotEnoughReviewsError(used)

  const train: Review[][] = []
  const test: Review[][] = []
  /* sorted by card id, so the items (and the optimizer's batches) do not depend on the input order */
  for (const cardId of [...cards.keys()].sort((a, b) => a - b)) {
    ;(isHeldOut(cardId) ? test : train).push(cards.get(cardId)!)
  }
  const count = (side: Review[][]) => side.reduce((sum, sequence) => sum + sequence.length, 0)

  /*
   * Short-term on: same-day reviews shape the memory state, as the scheduler
   * uses them (fsrs.ts). `timeout` is the binding's progress-poll interval,
   * which the result waits out once: 10 ms instead of its 500.
   */
  const parameters = await computeParameters(items(train), { enableShortTerm: true, timeout: 10 })

  const testItems = items(test)
  const byDefault = evaluate(FSRS6_DEFAULT_PARAMETERS, testItems)
  const byFit = evaluate(parameters, testItems)

  return {
    kept: byFit.logLoss < byDefault.logLoss,
    parameters,
    reviews: used,
    trainReviews: count(train),
    testReviews: count(test),
    defaultLogLoss: byDefault.logLoss,
    fittedLogLoss: byFit.logLoss,
    defaultRmse: byDefault.rmseBins,
    fittedRmse: byFit.rmseBins,
  }
}

/*
 * The binding's evaluation, as Anki's: its outlier filter, then log loss and
 * RMSE(bins) weighted towards recent reviews. Nothing left to predict (e.g.
 * every held-out card answered on a single day, or all filtered out): NaN,
 * and the fit cannot show it is better.
 */
function evaluate(weights: readonly number[], testItems: FSRSBindingItem[]) {
  const none = { logLoss: Number.NaN, rmseBins: Number.NaN }
  if (!testItems.length) return none
  try {
    return new FSRSBinding([...weights]).evaluate(testItems)
  } catch (error) {
    if (error instanceof Error && error.message.includes('NotEnoughData')) return none
    throw error
  }
}

interface Review {
  at: number
  day: number
  rating: number
}

/*
 * Each card's reviews in time order, with its study day as a day number.
 * Dropped: the same card answered twice at the same instant (one review
 * stored twice) and rows whose rating or study day is not one.
 */
function sequences(reviews: ReviewRecord[]) {
  const cards = new Map<number, Review[]>()
  const seen = new Set<string>()
  for (const review of reviews) {
    const day = dayNumber(review.studyDay)
    const at = review.reviewedAt.getTime()
    if (day === null || !Number.isFinite(at) || ![1, 2, 3, 4].includes(review.rating)) continue
    const key = `${review.cardId}:${at}`
    if (seen.has(key)) continue
    seen.add(key)
    const sequence = cards.get(review.cardId) ?? []
    sequence.push({ at, day, rating: review.rating })
    cards.set(review.cardId, sequence)
  }
  for (const sequence of cards.values()) sequence.sort((a, b) => a.at - b.at)
  return cards
}

function dayNumber(studyDay: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(studyDay)
  if (!match) return null
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return Number.isFinite(time) ? Math.round(time / DAY_MS) : null
}

/*
 * The optimizer's items, as Anki builds them: one per review that comes a
 * study day or more after the previous one, holding the card's history up to
 * and including it (delta_t in study days, 0 for the first and for same-day
 * answers). Same-day answers stay in the history but are not predicted.
 */
function items(cards: Review[][]) {
  const out: FSRSBindingItem[] = []
  for (const sequence of cards) {
    const reviews = sequence.map(
      (review, index) =>
        new FSRSBindingReview(
          review.rating,
          index === 0 ? 0 : Math.max(0, review.day - sequence[index - 1].day)
        )
    )
    for (let index = 1; index < reviews.length; index++) {
      if (reviews[index].deltaT > 0) out.push(new FSRSBindingItem(reviews.slice(0, index + 1)))
    }
  }
  return out
}
