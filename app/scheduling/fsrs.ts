/*
 * FSRS-6 through ts-fsrs: a card's memory state (stability, difficulty), the
 * learner's desired retention and (re)learning steps in, the four possible
 * next states out. Pure and deterministic, like the SM-2 sibling: the caller
 * passes the answer time and, for fuzz, a fraction derived from the card.
 */
import {
  FSRS,
  State,
  Rating as FsrsRating,
  forgetting_curve,
  get_fuzz_range,
  type Card,
  type FSRSParameters,
  type Grade,
  type StepUnit,
  type int,
} from 'ts-fsrs'
import { isLeech } from '#scheduling/sm2'
import type { Outcome, Progress, ProgressState, Rating } from '#scheduling/types'
import { plainDay, type DayPicker } from '#scheduling/balance'

/** FSRS-6's default weights (SCHEDULING.md), used until a learner's own fit beats them. */
export const FSRS6_DEFAULT_PARAMETERS: readonly number[] = Object.freeze([
  0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835,
  0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
])

export interface FsrsSettings {
  desiredRetention: number
  maximumIntervalDays: number
  learningStepsMinutes: number[]
  relearningStepsMinutes: number[]
  /** null: FSRS6_DEFAULT_PARAMETERS */
  parameters: readonly number[] | null
  /** lapses that make a card a leech; 0 disables */
  leechThreshold: number
}

/*
 * The recall rate SM-2 is assumed to have achieved at its intervals when a
 * card scheduled by SM-2 gets its first FSRS memory state: Anki's default
 * "historical retention" for the same conversion.
 */
export const SM2_HISTORICAL_RETENTION = 0.9

const DAY_MS = 86_400_000

const TO_FSRS_STATE: Record<'new' | 'learning' | 'review' | 'relearning', State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
}
const FROM_FSRS_STATE: Record<State, ProgressState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
}
const GRADES: Record<Rating, Grade> = {
  again: FsrsRating.Again,
  hard: FsrsRating.Hard,
  good: FsrsRating.Good,
  easy: FsrsRating.Easy,
}

/*
 * Fuzz: ts-fsrs's own (its range around the interval, never at or under the
 * days already elapsed, never past the maximum), with the random pick it
 * draws from a seeded generator replaced by the caller's fraction, so the
 * same card and review count always land on the same day, and fraction 0 /
 * 0.99 land on the low / high end of the range.
 */
class Scheduler extends FSRS {
  private readonly fuzzFraction: number | null
  private readonly picker: DayPicker | null

  constructor(
    params: Partial<FSRSParameters>,
    fuzzFraction: number | null,
    picker: DayPicker | null
  ) {
    super(params)
    this.fuzzFraction = fuzzFraction
    this.picker = picker
  }

  override apply_fuzz(ivl: number, elapsedDays: number): int {
    if (this.fuzzFraction === null || ivl < 2.5) return Math.round(ivl) as int
    const { min_ivl: minIvl, max_ivl: maxIvl } = get_fuzz_range(
      ivl,
      elapsedDays,
      this.parameters.maximum_interval
    )
    /* load balancing and easy days (balance.ts) choose within the same range */
    return (
      this.picker
        ? this.picker.pick(minIvl, maxIvl, this.fuzzFraction)
        : plainDay(minIvl, maxIvl, this.fuzzFraction)
    ) as int
  }
}

const steps = (minutes: number[]): StepUnit[] => minutes.map((value) => `${value}m` as StepUnit)

function weights(parameters: readonly number[] | null) {
  return parameters ?? FSRS6_DEFAULT_PARAMETERS
}

/**
 * The four next states of a card; `fuzz` is null (none) or a fraction in [0, 1) from fuzzFraction(cardId, reps);
 * `picker` may move a fuzzed day within its range (balance.ts).
 */
export function fsrsNextStates(
  progress: Progress,
  settings: FsrsSettings,
  now: Date,
  fuzz: number | null,
  picker: DayPicker | null = null
): Record<Rating, Outcome> {
  if (progress.state === 'study_again' || progress.state === 'got_it') {
    throw new Error(`FSRS does not schedule speed-mode cards (state ${progress.state})`)
  }
  if (fuzz !== null && !(fuzz >= 0 && fuzz < 1))
    throw new RangeError(`fuzz must be in [0, 1), got ${fuzz}`)
  const scheduler = new Scheduler(
    {
      w: [...weights(settings.parameters)],
      request_retention: settings.desiredRetention,
      maximum_interval: Math.max(1, settings.maximumIntervalDays),
      /* the fuzz is ours (apply_fuzz above); ts-fsrs only calls it when it is on */
      enable_fuzz: fuzz !== null,
      /* same-day answers update the memory state with FSRS-6's short-term formula, as Anki does */
      enable_short_term: true,
      learning_steps: steps(settings.learningStepsMinutes),
      relearning_steps: steps(settings.relearningStepsMinutes),
    },
    fuzz,
    picker
  )
  const preview = scheduler.repeat(toCard(progress, settings, now), now)

  const outcome = (rating: Rating): Outcome => {
    const card = preview[GRADES[rating]].card
    /* ts-fsrs keeps hard < good < easy by pushing good and easy a day further, even past the maximum */
    const maximum = Math.max(1, settings.maximumIntervalDays)
    const clamped = card.state === State.Review && card.scheduled_days > maximum
    const intervalDays = clamped ? maximum : card.scheduled_days
    const dueAt = clamped ? new Date(now.getTime() + maximum * DAY_MS) : card.due
    const next: Progress = {
      state: FROM_FSRS_STATE[card.state],
      dueAt,
      intervalDays,
      /* FSRS has no ease: an SM-2 card keeps its last one, an FSRS card its 0 */
      ease: progress.ease,
      step: card.learning_steps,
      reps: card.reps,
      lapses: card.lapses,
      stability: card.stability,
      difficulty: card.difficulty,
      lastReviewedAt: now,
    }
    const lapsed = rating === 'again' && progress.state === 'review'
    return {
      progress: next,
      delaySeconds: Math.round((dueAt.getTime() - now.getTime()) / 1000),
      leech: lapsed && isLeech(next.lapses, settings),
    }
  }
  return {
    again: outcome('again'),
    hard: outcome('hard'),
    good: outcome('good'),
    easy: outcome('easy'),
  }
}

/** The probability of recalling the card now (FSRS-6 forgetting curve); null without a memory state. */
export function retrievability(
  progress: Progress,
  now: Date,
  parameters: readonly number[] | null
): number | null {
  if (progress.state === 'new' || !progress.stability || progress.stability <= 0) return null
  const last = lastReview(progress)
  if (!last) return null
  /* fractional days, so the curve falls during the day too */
  const elapsedDays = Math.max(0, (now.getTime() - last.getTime()) / DAY_MS)
  return forgetting_curve([...weights(parameters)], elapsedDays, progress.stability)
}

/* a card without its last review time (e.g. imported) was last seen one interval before it fell due */
function lastReview(progress: Progress): Date | null {
  if (progress.lastReviewedAt) return progress.lastReviewedAt
  if (progress.dueAt) return new Date(progress.dueAt.getTime() - progress.intervalDays * DAY_MS)
  return null
}

function toCard(progress: Progress, settings: FsrsSettings, now: Date): Card {
  const state = TO_FSRS_STATE[progress.state as keyof typeof TO_FSRS_STATE]
  /* null memory: a card SM-2 scheduled before the learner switched to FSRS */
  const fromSm2 = progress.stability === null
  let stability = progress.stability ?? 0
  let difficulty = progress.difficulty ?? 0
  /* ts-fsrs reads a review card's counter as the relearning step its Again goes to: the first */
  let step = 0
  if (state === State.Learning || state === State.Relearning) {
    const list =
      state === State.Learning ? settings.learningStepsMinutes : settings.relearningStepsMinutes
    /* SM-2 counts the steps still to go, ts-fsrs the steps done; past the end (steps shortened since): the last */
    const done = fromSm2 ? list.length - progress.step : progress.step
    step = Math.min(Math.max(done, 0), Math.max(list.length - 1, 0))
  }
  if (fromSm2 && (state === State.Review || state === State.Relearning)) {
    ;({ stability, difficulty } = convertedMemory(progress, settings.parameters))
  }
  /* an SM-2 learning card keeps stability = difficulty = 0: ts-fsrs starts its memory on this answer */
  const last = lastReview(progress)
  return {
    due: progress.dueAt ?? now,
    stability,
    difficulty,
    elapsed_days: 0,
    scheduled_days: progress.intervalDays,
    learning_steps: step,
    reps: progress.reps,
    lapses: progress.lapses,
    state,
    last_review: state === State.New ? undefined : (last ?? now),
  }
}

/* a card SM-2 scheduled: its ease (none recorded: SM-2's starting 2.5) and interval (at least a day) */
function convertedMemory(progress: Progress, parameters: readonly number[] | null) {
  const ease = progress.ease > 0 ? progress.ease : 2.5
  const interval = Math.max(progress.intervalDays, 1)
  return memoryStateFromSm2(ease, interval, SM2_HISTORICAL_RETENTION, weights(parameters))
}

/* the bounds fsrs-rs clips the weights the conversion reads to (parameter_clipper.rs), and its own */
const W8 = [0, 4.5] as const
const W9 = [0, 0.8] as const
const W10 = [0.001, 3.5] as const
const DECAY = [0.1, 0.8] as const
const S_MIN = 0.001
const clip = (value: number, [low, high]: readonly [number, number]) =>
  Math.min(Math.max(value, low), high)

/**
 * fsrs-rs's memory_state_from_sm2, the conversion Anki and the optimizer binding make, restated so the
 * server and the offline page (which cannot load the native binding) convert a card alike. SM-2's interval
 * is read as the time recall fell to the historical retention; the stability is the time it falls to 90 %
 * along the power forgetting curve of the weights' decay. The difficulty is the one for which FSRS's
 * stability growth after a Good recall at that retention, e^w8 · (11 - D) · S^-w9 · (e^(w10 · (1 - R)) - 1),
 * is the ease less one: the ease was the card's growth factor. fsrs-rs computes in f32, this in f64.
 */
export function memoryStateFromSm2(
  ease: number,
  intervalDays: number,
  historicalRetention: number,
  parameters: readonly number[]
) {
  /* FSRS::new: no weights are the defaults; FSRS-4.5's 17 and FSRS-5's 19 have FSRS-5's fixed decay */
  const w = parameters.length === 0 ? FSRS6_DEFAULT_PARAMETERS : parameters
  if (![17, 19, 21].includes(w.length) || !w.every(Number.isFinite))
    throw new RangeError(`FSRS weights must be 17, 19 or 21 finite numbers, got ${w.length}`)
  const decay = -clip(w.length === 21 ? w[20]! : 0.5, DECAY)
  const factor = 0.9 ** (1 / decay) - 1
  const stability =
    (Math.max(intervalDays, S_MIN) * factor) / (historicalRetention ** (1 / decay) - 1)
  const growth =
    Math.exp(clip(w[8]!, W8)) *
    stability ** -clip(w[9]!, W9) *
    Math.expm1((1 - historicalRetention) * clip(w[10]!, W10))
  const difficulty = 11 - (ease - 1) / growth
  /* fsrs-rs refuses the card rather than give it a memory state of NaN or infinity */
  if (!Number.isFinite(stability) || !Number.isFinite(difficulty))
    throw new RangeError(`No FSRS memory state for ease ${ease}, interval ${intervalDays}`)
  return { stability, difficulty: Math.min(Math.max(difficulty, 1), 10) }
}
