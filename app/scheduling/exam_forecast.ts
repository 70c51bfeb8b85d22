/*
 * The exam plan the deck page shows: the learner follows it and answers
 * Good every time (the expected path), new cards come at the plan's pace,
 * and every answer goes through the same placement as a real one (load
 * balancing within the plan's own calendar, the exam cap). Out: the reviews
 * of each day until the exam, the cards still to learn, the pace against the
 * ceiling, and the recall predicted on the exam day (exam.ts's models),
 * counting a card the plan cannot bring in before the exam as forgotten.
 */
import { newCardPace, predictedRecall, type ExamContext, type NewCardPace } from '#scheduling/exam'
import { placedOutcome } from '#scheduling/scheduler'
import { NO_EASY_DAYS, type EasyDays } from '#scheduling/balance'
import type { ResolvedAlgorithm } from '#scheduling/presets'
import { NEW_PROGRESS, type Progress } from '#scheduling/types'

const DAY_MS = 86_400_000
/* answers simulated per card at most: an Again-free path needs a handful */
const MAX_STEPS = 40

export interface ForecastInput {
  /** the cards already studied (not new, not frozen or suspended), as the learner has them, with their ids */
  cards: { id: number; progress: Progress }[]
  /** new cards not yet studied, and those taken today */
  newCards: number
  newToday: number
  now: Date
  /** the instant today's study day started */
  dayStart: Date
  todayWeekday: number
  easyDays?: EasyDays
  exam: ExamContext
  ceiling: number | null
  algorithm: ResolvedAlgorithm
}

export interface ExamForecast {
  daysLeft: number
  cardsToLearn: number
  pace: NewCardPace
  /** reviews due each day from today until the day before the exam */
  reviewsPerDay: number[]
  /** mean predicted recall on the exam day over every card of the deck */
  predictedRetention: number
  target: number
}

export function examForecast(input: ForecastInput): ExamForecast {
  const { exam, now, algorithm } = input
  const days = exam.daysLeft
  const reviewsPerDay = Array.from({ length: days }, () => 0)
  const calendar = new Map<number, number>()
  const load = {
    dueOn: (offset: number) => calendar.get(offset) ?? 0,
    todayWeekday: input.todayWeekday,
    easyDays: input.easyDays ?? NO_EASY_DAYS,
  }
  const examAt = input.dayStart.getTime() + days * DAY_MS
  const dayOf = (at: number) => Math.floor((at - input.dayStart.getTime()) / DAY_MS)
  const pace = newCardPace(input.newCards + input.newToday, days, input.ceiling)
  const recalls: number[] = []

  const follow = (id: number, start: Progress, from: number) => {
    let progress = start
    let lastDay = -1
    for (let step = 0; step < MAX_STEPS; step++) {
      const due = Math.max(from, progress.dueAt?.getTime() ?? from)
      const day = dayOf(due)
      if (day >= days) break
      if (day !== lastDay && progress.state !== 'new') reviewsPerDay[day]++
      lastDay = day
      /* the exam context as it stands on the day of the answer */
      const context = { ...exam, daysLeft: days - day }
      const outcome = placedOutcome(
        { cardId: id, progress, algorithm, fsrsParameters: exam.parameters, now: new Date(due) },
        'good',
        {
          load: {
            ...load,
            dueOn: (offset: number) => load.dueOn(offset + day),
            todayWeekday: (input.todayWeekday + day) % 7,
          },
          exam: context,
        }
      )
      progress = outcome.progress
      from = due
      if (progress.dueAt && progress.state !== 'learning' && progress.state !== 'relearning') {
        const dueDay = dayOf(progress.dueAt.getTime())
        calendar.set(dueDay, (calendar.get(dueDay) ?? 0) + 1)
      }
    }
    const since = progress.lastReviewedAt
      ? (examAt - progress.lastReviewedAt.getTime()) / DAY_MS
      : 0
    recalls.push(predictedRecall(progress, since, exam.scheduler, exam.parameters) ?? 0)
  }

  for (const card of [...input.cards].sort(
    (a, b) => (a.progress.dueAt?.getTime() ?? 0) - (b.progress.dueAt?.getTime() ?? 0)
  )) {
    follow(card.id, card.progress, now.getTime())
  }
  /*
   * new cards at the plan's pace (today's share less those already taken); a negative id keeps their fuzz
   * apart from real cards'
   */
  let left = input.newCards
  let next = 1
  for (let day = 0; day < days && left > 0; day++) {
    const take = Math.min(left, Math.max(0, day === 0 ? pace.perDay - input.newToday : pace.perDay))
    for (let index = 0; index < take; index++)
      follow(
        -next++,
        { ...NEW_PROGRESS },
        Math.max(now.getTime(), input.dayStart.getTime() + day * DAY_MS + 9 * 3_600_000)
      )
    left -= take
  }
  for (let index = 0; index < left; index++) recalls.push(0)

  const predictedRetention = recalls.length
    ? recalls.reduce((a, b) => a + b, 0) / recalls.length
    : 1
  return {
    daysLeft: days,
    cardsToLearn: input.newCards,
    pace,
    reviewsPerDay,
    predictedRetention,
    target: exam.target,
  }
}
