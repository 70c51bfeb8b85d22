/*
 * Load balancing and easy days (as Anki 24.11 offers them, decided our own
 * way). When the fuzz gives a review a range of days to land on, the day
 * goes to the one whose load is lightest: the reviews already due that day
 * for the learner, measured against the day's capacity (1 on an ordinary
 * weekday, the learner's share on an easy day: 0.5 for "weekends at 50 %").
 *
 *   score(day) = (reviews already due that day + 1) / capacity(weekday)²
 *
 * The capacity counts squared because not every review can move: intervals
 * under 2.5 days have no fuzz range and land on an easy day at the plain
 * rate (about half of a weekend's reviews in bench/load_simulation.ts), so
 * the reviews that can move make up for them. With the capacity alone a
 * weekend at 50 % still took 22 % of the reviews against a target of 1/6;
 * squared it takes 18–19 %. Cubed came nearer (16–17 %), but where nearly
 * every review can move (a mature deck) it would empty an easy day far
 * below the share the learner gave.
 *
 * The lowest score wins; among equal scores the day nearest the plain fuzz
 * pick wins (and, equally near, the earlier day), so with an empty calendar
 * the balancer changes nothing. A capacity of 0 (a weekday marked free)
 * is never chosen while another day of the range is open. Deterministic: the
 * same counts, card and review count give the same day. Anki draws the day
 * at random with weights (1 / count)²; the lowest relative load is
 * steadier and what the learner asked for ("the day with the fewest
 * reviews"), and it needs the same per-day counts (one query, see
 * app/queries/learning/due_counts.ts).
 *
 * Intervals whose range reaches past MAX_BALANCED_INTERVAL days are left to
 * the plain fuzz, as in Anki: a shift of a few days there changes nothing
 * for the learner's week, and it keeps the count query to a bounded window.
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

/**
 * Picks a day in [lower, upper] (whole days from today). `plainPick` is the
 * day the plain fuzz would choose; without a load it is the answer.
 */
export function balancedDay(lower: number, upper: number, plainPick: number, load: DayLoad | null): number {
  if (!load || upper <= lower || upper > MAX_BALANCED_INTERVAL) return plainPick
  let best = plainPick
  let bestScore = Number.POSITIVE_INFINITY
  for (let day = lower; day <= upper; day++) {
    const capacity = capacityOf(load, day)
    const score = capacity > 0 ? (load.dueOn(day) + 1) / capacity ** 2 : Number.POSITIVE_INFINITY
    if (score < bestScore || (score === bestScore && Math.abs(day - plainPick) < Math.abs(best - plainPick))) {
      best = day
      bestScore = score
    }
  }
  return best
}

export function capacityOf(load: Pick<DayLoad, 'todayWeekday' | 'easyDays'>, offset: number) {
  const share = load.easyDays[(((load.todayWeekday + offset) % 7) + 7) % 7]
  return share === undefined ? 1 : Math.min(1, Math.max(0, share))
}

/** Easy days as the settings keep them: seven shares in [0, 1], Sunday first; anything else is none. */
export function parseEasyDays(value: unknown): EasyDays {
  if (!Array.isArray(value) || value.length !== 7) return NO_EASY_DAYS
  if (!value.every((share) => typeof share === 'number' && share >= 0 && share <= 1)) return NO_EASY_DAYS
  /* all days free is no schedule at all: treated as none */
  return value.some((share) => share > 0) ? value : NO_EASY_DAYS
}

/** A load read from a list of per-day counts (index = days from today). */
export function loadFromCounts(counts: Map<number, number> | number[], todayWeekday: number, easyDays: EasyDays): DayLoad {
  const dueOn = Array.isArray(counts) ? (offset: number) => counts[offset] ?? 0 : (offset: number) => counts.get(offset) ?? 0
  return { dueOn, todayWeekday, easyDays }
}

/** The weekday of a YYYY-MM-DD day, 0 = Sunday. */
export function weekdayOf(day: string) {
  return new Date(`${day}T00:00:00Z`).getUTCDay()
}

/*
 * Picks a day in a fuzz range: what the schedulers call instead of taking
 * the fraction's day directly. `record` sees every range asked for, which is
 * how the answer path learns the window to count before the real pick.
 */
export interface DayPicker {
  pick(lower: number, upper: number, plainPick: number): number
}

export function balancingPicker(load: DayLoad | null): DayPicker {
  return { pick: (lower, upper, plainPick) => balancedDay(lower, upper, plainPick, load) }
}

/** A picker that keeps the plain pick and remembers the widest range asked for. */
export function recordingPicker() {
  const window = { lower: Number.POSITIVE_INFINITY, upper: Number.NEGATIVE_INFINITY }
  const picker: DayPicker = {
    pick(lower, upper, plainPick) {
      if (upper > lower && upper <= MAX_BALANCED_INTERVAL) {
        window.lower = Math.min(window.lower, lower)
        window.upper = Math.max(window.upper, upper)
      }
      return plainPick
    },
  }
  return { picker, window: () => (window.upper >= window.lower ? { lower: window.lower, upper: window.upper } : null) }
}
