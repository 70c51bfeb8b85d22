/*
 * Load balancing and easy days, weighted as Anki (24.11 on) weighs them
 * (rslib/src/scheduler/states/load_balancer.rs). When the fuzz gives a
 * review a range of days, each day gets a weight
 *
 *   weight(day) = 1                                       no review due that day
 *               = (1 / due)^2.15 × (1 / day)^3 × easy     otherwise
 *
 * (`due`: the learner's reviews already due that day, `day`: days from
 * today) and the day is drawn with those weights by the card's fuzz
 * fraction, so the same card and review count land on the same day, and an
 * empty calendar gives exactly the plain fuzz pick. The (1 / day)^3 leans
 * against the longer days of the range: a lightest-day rule alone keeps
 * finding the emptier far end, every interval grows, and fewer reviews
 * leave retention under the learner's target (bench/load_simulation.ts
 * prints both).
 *
 * Easy days, as Anki: a day at 100 % counts as it is, and a day in
 * between is open (× 1) until its reviews divided by its share pass the
 * reviews of the range's other days per unit of their shares, then all but
 * closed (× 0.0001).
 *
 * Where this differs from Anki: a day at 0 % is never drawn while another
 * day of the range can be (Anki weighs it × 0.0001, and gives every empty
 * day the full weight, so a free Saturday got cards whenever it was empty,
 * or the days around it were full); a share other than 50 % counts as
 * itself (Anki offers 0, 50 and 100 % and reads anything else as 50 %);
 * siblings are not spread apart (Anki does that only with "bury siblings",
 * which Mnemo does not have). Intervals whose range reaches past
 * MAX_BALANCED_INTERVAL days are left to the plain fuzz, as in Anki: it
 * keeps the count query to a bounded window (app/queries/learning/due_counts.ts).
 */

export const MAX_BALANCED_INTERVAL = 90

/** A weekday's share of an ordinary day's reviews, Sunday first (Date#getUTCDay order). */
export type EasyDays = readonly number[]
export const NO_EASY_DAYS: EasyDays = Object.freeze([1, 1, 1, 1, 1, 1, 1])

export interface DayLoad {
  /** reviews already due `offset` days from today (today = 0) */
  dueOn(offset: number): number
  /** the weekday of today, 0 = Sunday */
  todayWeekday: number
  easyDays: EasyDays
}

/* Anki's weight of a day closed by easy days: not zero, so a range of closed days still picks one */
const CLOSED = 0.0001

/** The plain fuzz: `fraction` in [0, 1) picks uniformly among the days of [lower, upper]. */
export function plainDay(lower: number, upper: number, fraction: number) {
  return Math.floor(lower + fraction * (upper - lower + 1))
}

/** Each day's easy-day factor over [lower, upper]: 1 open, CLOSED full, 0 free. */
function easyFactors(load: DayLoad, lower: number, counts: number[]) {
  const shares = counts.map((_, index) => capacityOf(load, lower + index))
  const weightOf = (share: number) => (share >= 1 ? 1 : share <= 0 ? CLOSED : share)
  const totalReviews = counts.reduce((total, count) => total + count, 0)
  const totalShares = shares.reduce((total, share) => total + weightOf(share), 0)
  return shares.map((share, index) => {
    if (share >= 1) return 1
    if (share <= 0) return 0
    const othersPerShare = (totalReviews - counts[index]) / (totalShares - share)
    return counts[index] / share > othersPerShare ? CLOSED : 1
  })
}

/**
 * Picks a day in [lower, upper] (whole days from today) with the card's fuzz
 * `fraction`; without a load, the plain fuzz day.
 */
export function balancedDay(
  lower: number,
  upper: number,
  fraction: number,
  load: DayLoad | null
): number {
  if (!load || upper <= lower || upper > MAX_BALANCED_INTERVAL)
    return plainDay(lower, upper, fraction)
  const counts = Array.from({ length: upper - lower + 1 }, (_, index) => load.dueOn(lower + index))
  const easy = easyFactors(load, lower, counts)
  const weights = counts.map((due, index) => {
    const day = Math.max(1, lower + index)
    return (due === 0 ? 1 : (1 / due) ** 2.15 * (1 / day) ** 3) * easy[index]
  })
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  /* every day of the range free: the learner's easy days cannot be kept, the fuzz decides */
  if (total === 0) return plainDay(lower, upper, fraction)
  let target = fraction * total
  let last = lower
  for (const [index, weight] of weights.entries()) {
    if (weight === 0) continue
    last = lower + index
    target -= weight
    if (target < 0) return last
  }
  return last
}

function capacityOf(load: Pick<DayLoad, 'todayWeekday' | 'easyDays'>, offset: number) {
  const share = load.easyDays[(((load.todayWeekday + offset) % 7) + 7) % 7]
  return share === undefined ? 1 : Math.min(1, Math.max(0, share))
}

/** Easy days as the settings keep them: seven shares in [0, 1], Sunday first; anything else is none. */
export function parseEasyDays(value: unknown): EasyDays {
  if (!Array.isArray(value) || value.length !== 7) return NO_EASY_DAYS
  if (!value.every((share) => typeof share === 'number' && share >= 0 && share <= 1))
    return NO_EASY_DAYS
  /* all days free is no schedule at all: treated as none */
  return value.some((share) => share > 0) ? value : NO_EASY_DAYS
}

/** A load read from a list of per-day counts (index = days from today). */
export function loadFromCounts(
  counts: Map<number, number> | number[],
  todayWeekday: number,
  easyDays: EasyDays
): DayLoad {
  const dueOn = Array.isArray(counts)
    ? (offset: number) => counts[offset] ?? 0
    : (offset: number) => counts.get(offset) ?? 0
  return { dueOn, todayWeekday, easyDays }
}

/** The weekday of a YYYY-MM-DD day, 0 = Sunday. */
export function weekdayOf(day: string) {
  return new Date(`${day}T00:00:00Z`).getUTCDay()
}

/*
 * Picks a day in a fuzz range from the card's fuzz fraction: what the
 * schedulers call instead of taking the plain day directly. A recording
 * picker sees every range asked for, which is how the answer path learns
 * the window to count before the real pick.
 */
export interface DayPicker {
  pick(lower: number, upper: number, fraction: number): number
}

export function balancingPicker(load: DayLoad | null): DayPicker {
  return { pick: (lower, upper, fraction) => balancedDay(lower, upper, fraction, load) }
}

/** A picker that keeps the plain pick and remembers the widest range asked for. */
export function recordingPicker() {
  const window = { lower: Number.POSITIVE_INFINITY, upper: Number.NEGATIVE_INFINITY }
  const picker: DayPicker = {
    pick(lower, upper, fraction) {
      if (upper > lower && upper <= MAX_BALANCED_INTERVAL) {
        window.lower = Math.min(window.lower, lower)
        window.upper = Math.max(window.upper, upper)
      }
      return plainDay(lower, upper, fraction)
    },
  }
  return {
    picker,
    window: () =>
      window.upper >= window.lower ? { lower: window.lower, upper: window.upper } : null,
  }
}
