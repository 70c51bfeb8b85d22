/*
 * The SM-2 family as Anki's v3 scheduler does it: learning steps, graduating
 * and easy intervals, ease and its floor, hard interval, easy bonus, interval
 * modifier, maximum interval, relearning after a lapse, fuzz and leeches.
 * Pure: a card's state, the settings and the answer time in, the four
 * possible next states out, so the buttons can show them before the answer.
 */
import { fuzzedInterval } from '#scheduling/fuzz'
import type { Rating } from '#scheduling/types'
import type { DayPicker } from '#scheduling/balance'

export interface Sm2Settings {
  learningStepsMinutes: number[]
  relearningStepsMinutes: number[]
  graduatingIntervalDays: number
  easyIntervalDays: number
  startingEase: number
  easyBonus: number
  hardInterval: number
  intervalModifier: number
  maximumIntervalDays: number
  lapseNewInterval: number
  minimumLapseIntervalDays: number
  leechThreshold: number
}

/** Anki's defaults, with the product's learning steps ('1 15', spec 9). */
export const SM2_DEFAULTS: Sm2Settings = {
  learningStepsMinutes: [1, 15],
  relearningStepsMinutes: [10],
  graduatingIntervalDays: 1,
  easyIntervalDays: 4,
  startingEase: 2.5,
  easyBonus: 1.3,
  hardInterval: 1.2,
  intervalModifier: 1,
  maximumIntervalDays: 36500,
  lapseNewInterval: 0,
  minimumLapseIntervalDays: 1,
  leechThreshold: 8,
}

const MINIMUM_EASE = 1.3
const DAY = 86_400

export type Sm2State =
  | { kind: 'new' }
  | { kind: 'learning'; remainingSteps: number }
  | { kind: 'review'; intervalDays: number; ease: number; lapses: number }
  | {
      kind: 'relearning'
      remainingSteps: number
      intervalDays: number
      ease: number
      lapses: number
    }

export interface Sm2Card {
  state: Sm2State
  /** when the last answer scheduled it (review cards: to measure lateness) */
  dueAt?: Date
  /** when it was last answered (review cards: a review a day or more before the interval ends is early) */
  lastReviewedAt?: Date | null
}

interface Sm2Outcome {
  state: Sm2State
  /** seconds until the card is due again */
  delaySeconds: number
  dueAt: Date
  /** the answer made it a leech: freeze it and tell the learner */
  leech: boolean
}

export type Sm2Outcomes = Record<Rating, Sm2Outcome>

/**
 * `fuzz` is a fraction in [0, 1) (see fuzzFraction), or null for none; `picker` may move a fuzzed day within
 * its range.
 */
export function nextStates(
  card: Sm2Card,
  settings: Sm2Settings,
  now: Date,
  fuzz: number | null,
  picker?: DayPicker | null
): Sm2Outcomes {
  const state = card.state
  const outcome = (next: Sm2State, delaySeconds: number, leech = false): Sm2Outcome => ({
    state: next,
    delaySeconds,
    dueAt: new Date(now.getTime() + delaySeconds * 1000),
    leech,
  })
  if (state.kind === 'review')
    return reviewOutcomes(state, card, settings, now, fuzz, outcome, picker ?? null)

  const relearning = state.kind === 'relearning'
  const steps = (relearning ? settings.relearningStepsMinutes : settings.learningStepsMinutes).map(
    (minutes) => minutes * 60
  )
  const remaining = state.kind === 'new' ? steps.length : state.remainingSteps
  const ease = relearning ? state.ease : settings.startingEase
  const lapses = relearning ? state.lapses : 0
  /* where a learning card lands when it graduates */
  const graduate = (days: number) =>
    outcome({ kind: 'review', intervalDays: days, ease, lapses }, days * DAY)
  const lapseInterval = relearning ? state.intervalDays : settings.graduatingIntervalDays
  const easyDays = relearning ? lapseInterval + 1 : settings.easyIntervalDays
  const stay = (left: number): Sm2State =>
    relearning ? { ...state, remainingSteps: left } : { kind: 'learning', remainingSteps: left }

  if (!steps.length) {
    return {
      again: graduate(lapseInterval),
      hard: graduate(lapseInterval),
      good: graduate(lapseInterval),
      easy: graduate(easyDays),
    }
  }
  const index = Math.min(Math.max(steps.length - remaining, 0), steps.length - 1)
  const next = index + 1
  return {
    again: outcome(stay(steps.length), steps[0]),
    hard: outcome(stay(remaining), hardStepDelay(steps, index)),
    good:
      next < steps.length
        ? outcome(stay(steps.length - next), steps[next])
        : graduate(lapseInterval),
    easy: graduate(easyDays),
  }
}

/* Hard repeats the step; on the first step it waits halfway to the second (1.5× a lone step, at most a day more). */
function hardStepDelay(steps: number[], index: number) {
  if (index > 0) return steps[index]
  if (steps.length > 1) return (steps[0] + steps[1]) / 2
  return Math.min(steps[0] * 1.5, steps[0] + DAY)
}

function reviewOutcomes(
  state: Extract<Sm2State, { kind: 'review' }>,
  card: Sm2Card,
  settings: Sm2Settings,
  now: Date,
  fuzz: number | null,
  outcome: (next: Sm2State, delaySeconds: number, leech?: boolean) => Sm2Outcome,
  picker: DayPicker | null
): Sm2Outcomes {
  const current = Math.max(1, state.intervalDays)
  const late = Math.max(0, Math.floor((now.getTime() - (card.dueAt ?? now).getTime()) / 1000 / DAY))
  const maximum = Math.max(1, settings.maximumIntervalDays)
  const passing = (days: number, minimum: number) => {
    const interval = days * settings.intervalModifier
    const floor = Math.min(Math.max(1, minimum), maximum)
    if (fuzz === null) return Math.min(Math.max(Math.round(interval), floor), maximum)
    return fuzzedInterval(interval, fuzz, floor, maximum, picker)
  }
  const elapsed = card.lastReviewedAt
    ? (now.getTime() - card.lastReviewedAt.getTime()) / 1000 / DAY
    : null
  const { hard, good, easy } =
    elapsed !== null && current - elapsed >= 1
      ? earlyIntervals(current, Math.max(0, Math.round(elapsed)), state.ease, settings, passing)
      : onTimeIntervals(current, late, state.ease, settings, passing)
  const review = (days: number, ease: number) =>
    outcome(
      {
        kind: 'review',
        intervalDays: days,
        ease: Math.max(MINIMUM_EASE, ease),
        lapses: state.lapses,
      },
      days * DAY
    )

  const lapses = state.lapses + 1
  const lapseDays = Math.min(
    maximum,
    Math.max(settings.minimumLapseIntervalDays, Math.round(current * settings.lapseNewInterval))
  )
  const ease = Math.max(MINIMUM_EASE, state.ease - 0.2)
  const steps = settings.relearningStepsMinutes
  const again = steps.length
    ? outcome(
        { kind: 'relearning', remainingSteps: steps.length, intervalDays: lapseDays, ease, lapses },
        steps[0] * 60,
        isLeech(lapses, settings)
      )
    : outcome(
        { kind: 'review', intervalDays: lapseDays, ease, lapses },
        lapseDays * DAY,
        isLeech(lapses, settings)
      )
  return {
    again,
    hard: review(hard, state.ease - 0.15),
    good: review(good, state.ease),
    easy: review(easy, state.ease + 0.15),
  }
}

type Passing = (days: number, minimum: number) => number

function onTimeIntervals(
  current: number,
  late: number,
  ease: number,
  settings: Sm2Settings,
  passing: Passing
) {
  const hard = passing(current * settings.hardInterval, settings.hardInterval > 1 ? current + 1 : 1)
  const good = passing((current + late / 2) * ease, hard + 1)
  const easy = passing((current + late) * ease * settings.easyBonus, good + 1)
  return { hard, good, easy }
}

/*
 * A review a day or more before its interval ends (exam mode brings cards
 * back early: exam.ts), as Anki's v3 scheduler takes one: the days actually
 * elapsed grow, never less than the interval already reached for Good and
 * Easy (half of Hard's for Hard), and Easy earns half its bonus. Unlike
 * Anki, the result is fuzzed like any review, so the balancer can place it.
 */
function earlyIntervals(
  current: number,
  elapsed: number,
  ease: number,
  settings: Sm2Settings,
  passing: Passing
) {
  const grown = Math.max(elapsed * ease, current)
  return {
    hard: passing(
      Math.max(elapsed * settings.hardInterval, (current * settings.hardInterval) / 2),
      1
    ),
    good: passing(grown, 1),
    easy: passing(grown * (settings.easyBonus - (settings.easyBonus - 1) / 2), 1),
  }
}

/** A leech at the threshold and every half-threshold after it (8, 12, 16 … lapses). */
export function isLeech(lapses: number, settings: Pick<Sm2Settings, 'leechThreshold'>) {
  const threshold = settings.leechThreshold
  if (threshold <= 0 || lapses < threshold) return false
  return (lapses - threshold) % Math.max(1, Math.ceil(threshold / 2)) === 0
}
