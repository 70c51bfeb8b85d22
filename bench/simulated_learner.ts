/*
| What the scheduling simulations share (bench/exam_simulation.ts,
| bench/load_simulation.ts): a simulated learner and the days they study.
|
| They measure the algorithm, not the server: they run in-process and drive
| the app's own pure scheduler (app/scheduling: placedOutcome, the same call
| the answer path makes, with the same load balancing, easy days and exam
| planning), with the learner's calendar kept in memory where the app reads
| it from card_progress.
|
| The learner: whether they recall a card is drawn from an FSRS-6 memory
| model with fixed true parameters (TRUE_PARAMETERS, below) and a seeded
| generator, so every run prints the same figures. A recalled card is rated
| Hard / Good / Easy 10 / 80 / 10 %, a forgotten one Again; the first sight
| of a new card is rated Again / Hard / Good / Easy 20 / 10 / 60 / 10 %.
| The learner studies once a day at 09:00, answers every card that is due,
| takes the day's new cards, and goes through the learning steps the same
| day (a step comes back when it is due, every answer takes 8 seconds).
*/
import { FSRS, forgetting_curve, type FSRSState } from 'ts-fsrs'
import { placedOutcome, type Placement } from '#scheduling/scheduler'
import { NEW_PROGRESS, type Outcome, type Progress, type Rating } from '#scheduling/types'
import type { ResolvedAlgorithm } from '#scheduling/presets'
import type { ExamContext } from '#scheduling/exam'
import { NO_EASY_DAYS, type EasyDays } from '#scheduling/balance'

/*
 * The simulated learner's true memory: FSRS-6's default weights with the
 * initial stabilities and the growth after a success a fifth lower (w0–w3,
 * w8): a learner for whom the defaults the scheduler starts with are a little
 * optimistic, as they are for most (SCHEDULING.md: fitted weights beat them).
 */
const TRUE_PARAMETERS: readonly number[] = Object.freeze([
  0.17, 1.03, 1.85, 6.64, 6.4133, 0.8334, 3.0194, 0.001, 1.72, 0.1666, 0.796, 1.4835, 0.0614,
  0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
])

const DAY_MS = 86_400_000
/** day 0 is a Monday; each study day runs from 04:00 UTC and the session starts at 09:00 */
export const START = Date.parse('2026-01-05T04:00:00Z')
const SESSION_OFFSET_MS = 5 * 3_600_000
const ANSWER_MS = 8_000

/** mulberry32: a small seeded generator */
export function rng(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

export const dayString = (day: number) => new Date(START + day * DAY_MS).toISOString().slice(0, 10)
const dayOf = (at: Date) => Math.floor((at.getTime() - START) / DAY_MS)

interface SimCard {
  id: number
  progress: Progress
  memory: FSRSState | null
  lastSeen: number
}

export interface StudyOptions {
  cards: number
  days: number
  algorithm: ResolvedAlgorithm
  /** the new cards of day `day` (cards still new in `newLeft`) */
  newCards: (day: number, newLeft: number) => number
  /** the exam context of day `day`, or null */
  exam?: (day: number) => ExamContext | null
  balance: boolean
  easyDays?: EasyDays
  seed: number
}

export interface StudyResult {
  /** answers (every rating, learning steps included) per day */
  answersPerDay: number[]
  /** reviews (answers to cards in review) per day */
  reviewsPerDay: number[]
  /** of those, the ones recalled (Hard, Good or Easy) per day: true retention is their share */
  recalledPerDay: number[]
  totalAnswers: number
  /** the learner's true recall probability of every card at `at` (0 for a card never seen) */
  recallAt: (at: number) => number[]
  cards: SimCard[]
}

export function study(options: StudyOptions): StudyResult {
  const random = rng(options.seed)
  const truth = new FSRS({ w: [...TRUE_PARAMETERS], enable_short_term: true })
  const cards: SimCard[] = Array.from({ length: options.cards }, (_, index) => ({
    id: index + 1,
    progress: { ...NEW_PROGRESS },
    memory: null,
    lastSeen: 0,
  }))
  /* the calendar the balancer reads: non-new cards due per study day */
  const dueCount = new Map<number, number>()
  const move = (card: SimCard, delta: number) => {
    if (!card.progress.dueAt || card.progress.state === 'new') return
    const day = dayOf(card.progress.dueAt)
    dueCount.set(day, (dueCount.get(day) ?? 0) + delta)
  }
  const answersPerDay: number[] = []
  const reviewsPerDay: number[] = []
  const recalledPerDay: number[] = []
  let newLeft = options.cards
  let nextNew = 0

  for (let day = 0; day < options.days; day++) {
    const dayEnd = START + (day + 1) * DAY_MS
    let clock = START + day * DAY_MS + SESSION_OFFSET_MS
    const queue = cards.filter(
      (card) =>
        card.progress.state !== 'new' &&
        card.progress.dueAt &&
        card.progress.dueAt.getTime() < dayEnd
    )
    const fresh = Math.min(newLeft, Math.max(0, options.newCards(day, newLeft)))
    for (let index = 0; index < fresh; index++) queue.push(cards[nextNew++])
    newLeft -= fresh
    const exam = options.exam?.(day) ?? null
    const load = options.balance
      ? {
          dueOn: (offset: number) => dueCount.get(day + offset) ?? 0,
          todayWeekday: (day + 1) % 7,
          easyDays: options.easyDays ?? NO_EASY_DAYS,
        }
      : null
    let answers = 0
    let reviews = 0
    let recalled = 0
    while (queue.length) {
      queue.sort((a, b) => (a.progress.dueAt?.getTime() ?? 0) - (b.progress.dueAt?.getTime() ?? 0))
      const card = queue.shift()!
      clock = Math.max(clock, card.progress.dueAt?.getTime() ?? 0)
      const now = new Date(clock)
      const rating = answer(card, clock, random, truth)
      if (card.progress.state === 'review') {
        reviews++
        if (rating !== 'again') recalled++
      }
      move(card, -1)
      const outcome: Outcome = placedOutcome(
        {
          cardId: card.id,
          progress: card.progress,
          algorithm: options.algorithm,
          fsrsParameters: null,
          now,
        },
        rating,
        { load, exam } satisfies Placement
      )
      card.progress = outcome.progress
      move(card, +1)
      answers++
      clock += ANSWER_MS
      if (card.progress.dueAt && card.progress.dueAt.getTime() < dayEnd) queue.push(card)
    }
    answersPerDay.push(answers)
    reviewsPerDay.push(reviews)
    recalledPerDay.push(recalled)
  }
  const recallAt = (at: number) =>
    cards.map((card) =>
      card.memory
        ? forgetting_curve(
            [...TRUE_PARAMETERS],
            Math.max(0, (at - card.lastSeen) / DAY_MS),
            card.memory.stability
          )
        : 0
    )
  return {
    answersPerDay,
    reviewsPerDay,
    recalledPerDay,
    totalAnswers: answersPerDay.reduce((a, b) => a + b, 0),
    recallAt,
    cards,
  }
}

/* the learner's answer, drawn from their true memory, which the answer then updates */
function answer(card: SimCard, clock: number, random: () => number, truth: FSRS): Rating {
  let grade: 1 | 2 | 3 | 4
  const draw = random()
  if (!card.memory) {
    grade = draw < 0.2 ? 1 : draw < 0.3 ? 2 : draw < 0.9 ? 3 : 4
  } else {
    const elapsed = Math.max(0, (clock - card.lastSeen) / DAY_MS)
    const recall = forgetting_curve([...TRUE_PARAMETERS], elapsed, card.memory.stability)
    if (draw >= recall) grade = 1
    else {
      const split = random()
      grade = split < 0.1 ? 2 : split < 0.9 ? 3 : 4
    }
  }
  const elapsedDays = card.memory ? Math.floor((clock - card.lastSeen) / DAY_MS) : 0
  card.memory = truth.next_state(card.memory, elapsedDays, grade)
  card.lastSeen = clock
  return (['again', 'hard', 'good', 'easy'] as const)[grade - 1]
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
export const mean = (values: number[]) => (values.length ? sum(values) / values.length : 0)
export function standardDeviation(values: number[]) {
  const average = mean(values)
  return Math.sqrt(mean(values.map((value) => (value - average) ** 2)))
}

export function table(rows: Record<string, string | number>[]) {
  const headers = Object.keys(rows[0])
  const lines = [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`]
  for (const row of rows)
    lines.push(`| ${headers.map((header) => String(row[header])).join(' | ')} |`)
  return lines.join('\n')
}
