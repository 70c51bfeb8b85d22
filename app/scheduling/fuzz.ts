/*
 * Anki's review fuzz: intervals of 2.5 days or more are spread over a range
 * that widens with the interval, so cards added together do not stay
 * together forever. Deterministic: the pick comes from a fraction the caller
 * derives from the card and its review count.
 */
import { plainDay, type DayPicker } from '#scheduling/balance'

const RANGES: [start: number, end: number, factor: number][] = [
  [2.5, 7, 0.15],
  [7, 20, 0.1],
  [20, Number.POSITIVE_INFINITY, 0.05],
]

function fuzzDelta(interval: number) {
  if (interval < 2.5) return 0
  return RANGES.reduce(
    (delta, [start, end, factor]) => delta + factor * Math.max(0, Math.min(interval, end) - start),
    1
  )
}

/** The whole days the fuzz may pick from, within [minimum, maximum]. */
export function fuzzBounds(interval: number, minimum: number, maximum: number): [number, number] {
  minimum = Math.min(minimum, maximum)
  interval = Math.min(Math.max(interval, minimum), maximum)
  const delta = fuzzDelta(interval)
  const clamp = (days: number) => Math.min(Math.max(days, minimum), maximum)
  if (interval < 2.5) return [clamp(Math.round(interval)), clamp(Math.round(interval))]
  return [clamp(Math.max(1, Math.round(interval - delta))), clamp(Math.round(interval + delta))]
}

/**
 * `fraction` in [0, 1) picks uniformly among the bounds' days; a picker
 * (load balancing, easy days: balance.ts) may choose another day of them.
 */
export function fuzzedInterval(
  interval: number,
  fraction: number,
  minimum: number,
  maximum: number,
  picker?: DayPicker | null
) {
  const [lower, upper] = fuzzBounds(interval, minimum, maximum)
  return picker ? picker.pick(lower, upper, fraction) : plainDay(lower, upper, fraction)
}

/** A fraction in [0, 1) from the card and its review count: the same answer gets the same fuzz. */
export function fuzzFraction(cardId: number, reps: number) {
  let state = (Math.imul(cardId | 0, 0x9e3779b1) ^ Math.imul(reps | 0, 0x85ebca6b)) >>> 0
  state = Math.imul(state ^ (state >>> 16), 0x7feb352d) >>> 0
  state = Math.imul(state ^ (state >>> 15), 0x846ca68b) >>> 0
  return ((state ^ (state >>> 16)) >>> 0) / 2 ** 32
}
