/*
| Load balancing and easy days, simulated: a learner
| (bench/simulated_learner.ts: recall drawn from an FSRS-6 memory model with
| fixed true parameters, seeded) studies 2,000 cards for 90 days, 25 new
| cards a day, under FSRS and under SM-2: with the plain fuzz, with load
| balancing, and with load balancing and weekends marked easy at 50 %.
| Printed: the standard deviation of the daily reviews (answers to cards in
| review) over the days after the first two weeks (and of each day's reviews
| divided by its capacity, which easy days are meant to follow), the mean, and the share of
| those reviews that fell on Saturdays and Sundays against the target share
| (two days at 50 % of a normal day: 1/6 of the week; 2/7 with no easy days),
| and the true retention: the share of those reviews the learner recalled,
| beside the retention FSRS was asked for.
|
| It measures the algorithm, not the server: it runs in-process and drives
| the app's pure scheduler (app/scheduling/scheduler.ts placedOutcome, with
| app/scheduling/balance.ts), as the answer path does.
|
|   node --import=@poppinss/ts-exec bench/load_simulation.ts
|
| Exits 1 when balancing does not lower the standard deviation, when easy
| days do not bring the weekend share nearer its target, or when balancing
| skips reviews instead of moving them: its total reviews more than 2 % under
| the plain fuzz's, or its true retention more than 0.5 points under.
*/
import { resolveAlgorithm } from '#scheduling/presets'
import { mean, standardDeviation, study, table } from './simulated_learner.js'

const CARDS = 2000
const DAYS = 90
const NEW_PER_DAY = 25
const SETTLED = 14
/* Sunday first; day 0 of the simulation is a Monday */
const WEEKENDS_HALF = [0.5, 1, 1, 1, 1, 1, 0.5]
const isWeekend = (day: number) => (day + 1) % 7 === 0 || (day + 1) % 7 === 6

const rows: Record<string, string | number>[] = []
let failed = false
for (const scheduler of ['fsrs', 'sm2'] as const) {
  const algorithm = {
    ...resolveAlgorithm('custom', { scheduler }),
    newCardsPerDay: NEW_PER_DAY,
    maxCardsPerDay: null,
  }
  const deviations: number[] = []
  const shares: number[] = []
  const totals: number[] = []
  const retentions: number[] = []
  for (const mode of ['plain fuzz', 'load balancing', 'balancing + easy weekends 50 %'] as const) {
    const easy = mode !== 'plain fuzz' && mode !== 'load balancing'
    const result = study({
      cards: CARDS,
      days: DAYS,
      algorithm,
      seed: 90,
      newCards: () => NEW_PER_DAY,
      balance: mode !== 'plain fuzz',
      easyDays: easy ? WEEKENDS_HALF : undefined,
    })
    const days = result.reviewsPerDay.map((reviews, day) => ({ reviews, day })).slice(SETTLED)
    const reviews = days.map((entry) => entry.reviews)
    const retention =
      result.recalledPerDay.slice(SETTLED).reduce((a, b) => a + b, 0) /
      reviews.reduce((a, b) => a + b, 0)
    const weekend = days
      .filter((entry) => isWeekend(entry.day))
      .reduce((total, entry) => total + entry.reviews, 0)
    const share = weekend / reviews.reduce((a, b) => a + b, 0)
    const target = easy ? 1 / 6 : 2 / 7
    /*
     * each day against its capacity (a weekend at 50 % counts its reviews double): how even the load is where
     * easy days are meant
     */
    const relative = days.map((entry) => entry.reviews / (easy && isWeekend(entry.day) ? 0.5 : 1))
    deviations.push(standardDeviation(reviews))
    shares.push(share)
    totals.push(reviews.reduce((a, b) => a + b, 0))
    retentions.push(retention)
    rows.push({
      scheduler,
      mode,
      'reviews a day (mean)': mean(reviews).toFixed(1),
      'standard deviation': standardDeviation(reviews).toFixed(1),
      'std. dev. against capacity': standardDeviation(relative).toFixed(1),
      'heaviest day': Math.max(...reviews),
      'weekend share': `${(share * 100).toFixed(1)} %`,
      'weekend target': `${(target * 100).toFixed(1)} %`,
      'total reviews': reviews.reduce((a, b) => a + b, 0),
      'true retention': `${(retention * 100).toFixed(1)} %`,
      'asked for':
        scheduler === 'fsrs'
          ? `${(algorithm.desiredRetention * 100).toFixed(0)} %`
          : '(SM-2: none)',
    })
  }
  if (!(deviations[1] < deviations[0])) failed = true
  if (!(Math.abs(shares[2] - 1 / 6) < Math.abs(shares[1] - 1 / 6))) failed = true
  /* balancing moves reviews; it must not skip them, nor let retention slide */
  if (totals[1] < totals[0] * 0.98 || retentions[1] < retentions[0] - 0.005) failed = true
}

console.log(
  `${CARDS} cards, ${DAYS} days, ${NEW_PER_DAY} new a day; daily reviews from day ${SETTLED} on\n`
)
console.log(table(rows))
if (failed) {
  console.error(
    '\nbalancing must lower the standard deviation without skipping reviews or losing retention, and easy days ' +
      'must move reviews off the weekend'
  )
  process.exit(1)
}
