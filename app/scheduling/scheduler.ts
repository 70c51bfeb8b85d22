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
  NEW_PROGRESS,
  RATINGS,
  SPEED_ANSWERS,
  type Answer,
  type Outcome,
  type Progress,
  type Rating,
} from '#scheduling/types'

export interface SchedulingInput {
  cardId: number
  progress: Progress
  algorithm: ResolvedAlgorithm
  /** the learner's fitted FSRS weights, null for the defaults */
  fsrsParameters: readonly number[] | null
  now: Date
}

/** The answers a card offers and their outcomes, in button order. */
export function outcomesFor(input: SchedulingInput): Partial<Record<Answer, Outcome>> {
  const { progress, algorithm, now } = input
  if (algorithm.type === 'speedLearning') return speedOutcomes(progress, now)
  /* a card coming from the other mode starts over as new */
  const start = progress.state === 'study_again' || progress.state === 'got_it' ? { ...NEW_PROGRESS } : progress
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
      fuzz
    )
  }
  const sm2 = nextStates({ state: toSm2(fromFsrsSteps(start, algorithm)), dueAt: start.dueAt ?? undefined }, algorithm.sm2, now, fuzz)
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

export function isRating(answer: Answer): answer is Rating {
  return (RATINGS as string[]).includes(answer)
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
  if (progress.stability === null || (progress.state !== 'learning' && progress.state !== 'relearning')) return progress
  const steps = progress.state === 'relearning' ? algorithm.sm2.relearningStepsMinutes : algorithm.sm2.learningStepsMinutes
  return { ...progress, step: Math.max(1, steps.length - progress.step) }
}

function toSm2(progress: Progress): Sm2State {
  switch (progress.state) {
    case 'learning':
      return { kind: 'learning', remainingSteps: progress.step }
    case 'review':
      return { kind: 'review', intervalDays: progress.intervalDays, ease: progress.ease || 2.5, lapses: progress.lapses }
    case 'relearning':
      return {
        kind: 'relearning', remainingSteps: progress.step, intervalDays: progress.intervalDays,
        ease: progress.ease || 2.5, lapses: progress.lapses,
      }
    default:
      return { kind: 'new' }
  }
}

function fromSm2(state: Sm2State, before: Progress, dueAt: Date, now: Date): Progress {
  const common = { ...before, dueAt, reps: before.reps + 1, lastReviewedAt: now, stability: null, difficulty: null }
  switch (state.kind) {
    case 'learning':
      return { ...common, state: 'learning', step: state.remainingSteps, intervalDays: 0, ease: 0 }
    case 'review':
      return { ...common, state: 'review', step: 0, intervalDays: state.intervalDays, ease: state.ease, lapses: state.lapses }
    case 'relearning':
      return {
        ...common, state: 'relearning', step: state.remainingSteps, intervalDays: state.intervalDays,
        ease: state.ease, lapses: state.lapses,
      }
    default:
      return { ...NEW_PROGRESS }
  }
}
