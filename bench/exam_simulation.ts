/*
| Exam mode, simulated: a learner (bench/simulated_learner.ts: recall drawn
| from an FSRS-6 memory model with fixed true parameters, seeded) studies a
| 1,000-card deck for an exam 30 days out, once with exam mode and once
| without, under FSRS and under SM-2, and the figures are printed: the share
| of cards recalled on the exam day (each card drawn once from the
| learner's true recall that morning), the mean true recall, the total
| answers and reviews, and the heaviest day.
|
| It measures the algorithm, not the server: it runs in-process and drives
| the app's pure scheduler (app/scheduling/scheduler.ts placedOutcome, with
| app/scheduling/exam.ts), as the answer path does.
|
| Without exam mode the learner sets the deck's new cards per day to the
| same ceiling exam mode is given (40), so both learn the whole deck: the
| difference is the plan. Load balancing is on in both.
|
|   node --import=@poppinss/ts-exec bench/exam_simulation.ts
|
| Exits 1 when, under either scheduler, exam mode misses the target or the
| plain schedule reaches it, costs more than 20 % extra answers, or makes
| one of the final three days the heaviest of the plan (they hold a light
| review).
*/
import { resolveAlgorithm } from '#scheduling/presets'
import { DEFAULT_EXAM_RETENTION, examDaysLeft, newCardPace } from '#scheduling/exam'
import { dayString, mean, rng, START, study, table } from './simulated_learner.js'

const CARDS = 1000
const EXAM_DAY = 30
const CEILING = 40
const TARGET = DEFAULT_EXAM_RETENTION
const DAY_MS = 86_400_000
const examDate = dayString(EXAM_DAY)

const rows: Record<string, string | number>[] = []
let failed = false
for (const scheduler of ['fsrs', 'sm2'] as const) {
  const algorithm = {
    ...resolveAlgorithm('custom', { scheduler }),
    newCardsPerDay: CEILING,
    maxCardsPerDay: null,
  }
  const results: Record<
    string,
    { share: number; answers: number; reviews: number; finalHeavy: boolean }
  > = {}
  for (const mode of ['plain', 'exam'] as const) {
    const exam = mode === 'exam'
    const result = study({
      cards: CARDS,
      days: EXAM_DAY,
      algorithm,
      balance: true,
      seed: 18,
      newCards: (day, newLeft) =>
        exam
          ? newCardPace(newLeft, examDaysLeft(dayString(day), examDate) ?? 0, CEILING).perDay
          : CEILING,
      exam: exam
        ? (day) => {
            const daysLeft = examDaysLeft(dayString(day), examDate)
            return daysLeft === null
              ? null
              : { daysLeft, target: TARGET, scheduler, parameters: null }
          }
        : undefined,
    })
    /* the exam at 09:00 on its day */
    const recall = result.recallAt(START + EXAM_DAY * DAY_MS + 5 * 3_600_000)
    const draw = rng(2026)
    const share = recall.filter((probability) => draw() < probability).length / CARDS
    const reviews = result.reviewsPerDay.reduce((a, b) => a + b, 0)
    const heaviest = Math.max(...result.answersPerDay)
    results[mode] = {
      share,
      answers: result.totalAnswers,
      reviews,
      finalHeavy: Math.max(...result.answersPerDay.slice(-3)) >= heaviest,
    }
    rows.push({
      scheduler,
      'mode': exam ? 'exam mode' : 'plain',
      'recalled on exam day': `${(share * 100).toFixed(1)} %`,
      'mean true recall': `${(mean(recall) * 100).toFixed(1)} %`,
      'cards under target': recall.filter((probability) => probability < TARGET).length,
      'answers': result.totalAnswers,
      'reviews': reviews,
      'heaviest day': heaviest,
      'last 3 days': result.answersPerDay.slice(-3).join(' / '),
    })
  }
  const extra = results.exam.answers / results.plain.answers - 1
  rows[rows.length - 1]['extra answers'] = `${(extra * 100).toFixed(1)} %`
  rows[rows.length - 2]['extra answers'] = '—'
  if (
    results.exam.share < TARGET ||
    results.plain.share >= TARGET ||
    extra > 0.2 ||
    results.exam.finalHeavy
  ) {
    console.error(
      `${scheduler}: exam mode must reach the target where the plain schedule does not, with at most 20 % extra ` +
        `answers and light final days`
    )
    failed = true
  }
}

console.log(
  `Exam in ${EXAM_DAY} days, ${CARDS} cards, target ${TARGET * 100} %, new-card ceiling ${CEILING} a day\n`
)
console.log(table(rows))
if (failed) process.exit(1)
