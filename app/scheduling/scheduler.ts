/*
 * One door to the schedulers: a card's progress, the deck's resolved
 * algorithm and the answer time in; every answer the card offers and where
 * each would send it out. SM-2, FSRS and the two-button speed mode behind it.
 */
import { fuzzFraction } from '#scheduling/fuzz'
import { nextStates, type Sm2State } from '#scheduling/sm2'
import { fsrsNextStates } from '#scheduling/fsrs'
import type { ResolvedAlgorithm } from '#scheduling/presets'
import {
  balancedDay,
  balancingPicker,
  MAX_BALANCED_INTERVAL,
  recordingPicker,
  type DayLoad,
  type DayPicker,
} from '#scheduling/balance'
import { examWindow, type ExamContext } from '#scheduling/exam'
import {
  NEW_PROGRESS,
  RATINGS,
  SPEED_ANSWERS,
  type Answer,
  type Outcome,
  type Progress,
} from '#scheduling/types'

export interface SchedulingInput {
  cardId: number
  progress: Progress
  algorithm: ResolvedAlgorithm
  /** the learner's fitted FSRS weights, null for the defaults */
  fsrsParameters: readonly number[] | null
  now: Date
  /** load balancing and easy days (balance.ts): chooses the day within each fuzz range; none keeps the plain fuzz */
  picker?: DayPicker | null
}

/** The answers a card offers and their outcomes, in button order. */
export function outcomesFor(input: SchedulingInput): Partial<Record<Answer, Outcome>> {
  const { progress, algorithm, now } = input
  if (algorithm.type === 'speedLearning') return speedOutcomes(progress, now)
  /* a card coming from the other mode starts over as new */
  const start =
    progress.state === 'study_again' || progress.state === 'got_it' ? { ...NEW_PROGRESS } : progress
  const fuzz = fuzzFraction(input.cardId, start.reps)
  if (algorithm.scheduler === 'fsrs') {
    return fsrsNextStates(
      start,
      {
        desiredRetention: algorithm.desiredRetention,
        maximumIntervalDays: algorithm.sm2.maximumIntervalDays,
        learningStepsMinutes: algorithm.sm2.learningStepsMinutes,
        relearningStepsMinutes: algorithm.sm2.relearningStepsMinutes,
        parameters: input.fsrsParameters,
        leechThreshold: algorithm.sm2.leechThreshold,
      },
      now,
      fuzz,
      input.picker ?? null
    )
  }
  const sm2 = nextStates(
    {
      state: toSm2(fromFsrsSteps(start, algorithm)),
      dueAt: start.dueAt ?? undefined,
      lastReviewedAt: start.lastReviewedAt,
    },
    algorithm.sm2,
    now,
    fuzz,
    input.picker
  )
  const outcomes: Partial<Record<Answer, Outcome>> = {}
  for (const rating of RATINGS) {
    const next = sm2[rating]
    outcomes[rating] = {
      progress: fromSm2(next.state, start, next.dueAt, now),
      delaySeconds: next.delaySeconds,
      leech: next.leech,
    }
  }
  return outcomes
}

export function answersOf(algorithm: Pick<ResolvedAlgorithm, 'type'>): Answer[] {
  return algorithm.type === 'speedLearning' ? SPEED_ANSWERS : RATINGS
}

/*
 * Speed learning: "Not quite" keeps the card in the round (it comes back
 * after the others), "Got it" takes it out until the deck is reset.
 */
function speedOutcomes(progress: Progress, now: Date): Partial<Record<Answer, Outcome>> {
  const base = { ...progress, reps: progress.reps + 1, lastReviewedAt: now, dueAt: now }
  return {
    study_again: { progress: { ...base, state: 'study_again' }, delaySeconds: 0, leech: false },
    got_it: { progress: { ...base, state: 'got_it' }, delaySeconds: 0, leech: false },
  }
}

/*
 * A learning card last scheduled by FSRS counts the steps it has done; SM-2
 * counts the steps still to go. Turning smart scheduling off converts it.
 */
function fromFsrsSteps(progress: Progress, algorithm: ResolvedAlgorithm): Progress {
  if (
    progress.stability === null ||
    (progress.state !== 'learning' && progress.state !== 'relearning')
  )
    return progress
  const steps =
    progress.state === 'relearning'
      ? algorithm.sm2.relearningStepsMinutes
      : algorithm.sm2.learningStepsMinutes
  return { ...progress, step: Math.max(1, steps.length - progress.step) }
}

function toSm2(progress: Progress): Sm2State {
  switch (progress.state) {
    case 'learning':
      return { kind: 'learning', remainingSteps: progress.step }
    case 'review':
      return {
        kind: 'review',
        intervalDays: progress.intervalDays,
        ease: progress.ease || 2.5,
        lapses: progress.lapses,
      }
    case 'relearning':
      return {
        kind: 'relearning',
        remainingSteps: progress.step,
        intervalDays: progress.intervalDays,
        ease: progress.ease || 2.5,
        lapses: progress.lapses,
      }
    default:
      return { kind: 'new' }
  }
}

function fromSm2(state: Sm2State, before: Progress, dueAt: Date, now: Date): Progress {
  const common = {
    ...before,
    dueAt,
    reps: before.reps + 1,
    lastReviewedAt: now,
    stability: null,
    difficulty: null,
  }
  switch (state.kind) {
    case 'learning':
      return { ...common, state: 'learning', step: state.remainingSteps, intervalDays: 0, ease: 0 }
    case 'review':
      return {
        ...common,
        state: 'review',
        step: 0,
        intervalDays: state.intervalDays,
        ease: state.ease,
        lapses: state.lapses,
      }
    case 'relearning':
      return {
        ...common,
        state: 'relearning',
        step: state.remainingSteps,
        intervalDays: state.intervalDays,
        ease: state.ease,
        lapses: state.lapses,
      }
    default:
      return { ...NEW_PROGRESS }
  }
}

/*
 * Where an answer sends the card once the learner's calendar is taken into
 * account: the day within each fuzz range goes to the lightest day
 * (balance.ts), and an exam ahead may bring a review back before it
 * (exam.ts). The answer path reads the due counts of placementWindow's days
 * (one query, only when the window is not empty), then calls placedOutcome.
 */
export interface Placement {
  /** reviews already due per day, with the learner's easy days; null: the plain fuzz */
  load: DayLoad | null
  exam: ExamContext | null
}

const DAY_SECONDS = 86_400

/** The days (from today) whose due counts placing this card's answers needs; null when no answer has a choice. */
export function placementWindow(
  input: SchedulingInput,
  exam: ExamContext | null
): { lower: number; upper: number } | null {
  const recording = recordingPicker()
  outcomesFor({ ...input, picker: recording.picker })
  let window = recording.window()
  /* an exam ahead may bring a review back on any day before it (exam.ts examWindow) */
  if (exam && exam.daysLeft >= 2 && exam.daysLeft - 1 <= MAX_BALANCED_INTERVAL) {
    window = window
      ? { lower: 1, upper: Math.max(window.upper, exam.daysLeft - 1) }
      : { lower: 1, upper: exam.daysLeft - 1 }
  }
  return window
}

/** The outcome of `answer`, placed on the learner's calendar. */
export function placedOutcome(
  input: SchedulingInput,
  answer: Answer,
  placement: Placement
): Outcome {
  const outcome = outcomesFor({
    ...input,
    picker: placement.load ? balancingPicker(placement.load) : null,
  })[answer]!
  /* the card as a Good answer `days` from now would leave it: how far one more review carries it */
  const afterGood = (days: number) =>
    outcomesFor({
      ...input,
      progress: outcome.progress,
      now: new Date(input.now.getTime() + days * DAY_SECONDS * 1000),
      picker: null,
    }).good!.progress
  const window = examWindow(outcome.progress, placement.exam, afterGood)
  if (!window) return outcome
  const days = balancedDay(
    window.lower,
    window.upper,
    fuzzFraction(input.cardId, outcome.progress.reps),
    placement.load
  )
  return {
    ...outcome,
    /*
     * the due day moves, the interval stays (as Anki's "set due date"): the early review is the scheduler's to
     * grow (sm2.ts earlyIntervals)
     */
    progress: {
      ...outcome.progress,
      dueAt: new Date(input.now.getTime() + days * DAY_SECONDS * 1000),
    },
    delaySeconds: days * DAY_SECONDS,
  }
}
