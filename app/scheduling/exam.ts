/*
 * Exam mode: a root deck with an exam date plans toward it. Pure and
 * deterministic, like the rest of app/scheduling.
 *
 * - Recall: FSRS predicts it from the card's stability on the FSRS-6
 *   forgetting curve. SM-2 has no memory model, so exam mode gives it one,
 *   written down here and in docs/scheduling.md: an SM-2 interval is the time at
 *   which SM-2 expects recall to have fallen to 90 % (Anki's "historical
 *   retention", the same assumption as SM2_HISTORICAL_RETENTION), so the
 *   interval plays the part of FSRS's stability on the same curve:
 *       R(t) = (1 + f·t / I)^(−w20),  f = 0.9^(−1/w20) − 1,  w20 = 0.1542
 *   (a card still in (re)learning counts with an interval of one day).
 * - New cards: spread over the days left before the learning cutoff (no new
 *   card in the last EXAM_NO_NEW_DAYS days: a card needs that long to get
 *   past its first review), at most the learner's daily ceiling. When the
 *   pace needed is above the ceiling the plan does not fit: the ceiling is
 *   used and the deck page warns.
 * - Interval cap: a review answer whose next due day falls on or after the
 *   exam day, while the predicted recall on the exam day would be under the
 *   target, brings the card back once more before the exam, as early as that
 *   one review still carries it to the exam above the target: the first day
 *   from which a Good answer, as the scheduler itself would make it, does,
 *   and the card comes back the day after it (a day's margin), for both
 *   schedulers (see examWindow). Only the due day moves: the interval and the
 *   memory stay what the answer made them, and the early review grows them
 *   as the scheduler grows any early review (FSRS from the days elapsed,
 *   SM-2 by Anki's early-review rule, sm2.ts earlyIntervals). Strong cards
 *   are reviewed weeks ahead, weak ones later; a card no single review can
 *   carry that far (the weakest) comes back in the final EXAM_FINAL_DAYS
 *   days, which so hold a light review of those. The others keep their
 *   normal schedule, and a review before the exam is decided again at that
 *   answer.
 * - After the exam day the deck is scheduled as usual.
 */
import { forgetting_curve } from 'ts-fsrs'
import { FSRS6_DEFAULT_PARAMETERS } from '#scheduling/fsrs'
import type { SchedulerName } from '#scheduling/presets'
import type { Progress } from '#scheduling/types'

/** the last days before the exam, when no new card is introduced */
export const EXAM_NO_NEW_DAYS = 4
/** the final days, which hold the review of the cards that would otherwise fall under the target */
export const EXAM_FINAL_DAYS = 5
/** the target when the deck has none of its own: the exam is the day recall matters most */
export const DEFAULT_EXAM_RETENTION = 0.95

const DAY_MS = 86_400_000

export interface ExamContext {
  /** whole study days from today to the exam day (1: the exam is tomorrow) */
  daysLeft: number
  /** predicted recall every card should have on the exam day */
  target: number
  scheduler: SchedulerName
  /** the learner's FSRS weights, null for the defaults */
  parameters: readonly number[] | null
}

/**
 * Days from today to the exam, or null when there is no exam ahead (none set, or today or past: the normal
 * schedule).
 */
export function examDaysLeft(today: string, examDate: string | null | undefined): number | null {
  if (!examDate) return null
  const days = Math.round(
    (Date.parse(`${examDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS
  )
  return Number.isFinite(days) && days > 0 ? days : null
}

/** Stability (days to 90 % recall) as exam mode reads it for either scheduler. */
function stabilityOf(progress: Progress, scheduler: SchedulerName): number | null {
  if (progress.state === 'new' || progress.state === 'study_again' || progress.state === 'got_it')
    return null
  if (scheduler === 'fsrs' && progress.stability && progress.stability > 0)
    return progress.stability
  /* the SM-2 model above: the interval is the stability; (re)learning counts as one day */
  return Math.max(1, progress.intervalDays)
}

/** Predicted recall `days` days after the card's last answer (null for a new card). */
export function predictedRecall(
  progress: Progress,
  days: number,
  scheduler: SchedulerName,
  parameters: readonly number[] | null
): number | null {
  const stability = stabilityOf(progress, scheduler)
  if (stability === null) return null
  const weights = scheduler === 'fsrs' && parameters ? parameters : FSRS6_DEFAULT_PARAMETERS
  return forgetting_curve([...weights], Math.max(0, days), stability)
}

/**
 * The days (from today) the answer just given should bring the card back
 * within, instead of its normal interval; null to keep the normal one.
 * `progress` is the card as the answer leaves it (answered now);
 * `afterGood(days)` is the card as a Good answer `days` days from now would
 * leave it (the scheduler's own step, so SM-2's and FSRS's growth alike).
 */
export function examWindow(
  progress: Progress,
  exam: ExamContext | null,
  afterGood: (days: number) => Progress
): { lower: number; upper: number } | null {
  if (!exam || exam.daysLeft < 2 || progress.state !== 'review') return null
  if (progress.intervalDays < exam.daysLeft) return null
  const recall = predictedRecall(progress, exam.daysLeft, exam.scheduler, exam.parameters)
  if (recall === null || recall >= exam.target) return null
  const last = exam.daysLeft - 1
  /* a later review leaves less time to forget before the exam: the first day that carries the card opens the window */
  for (let day = 1; day <= last; day++) {
    const onExamDay = predictedRecall(
      afterGood(day),
      exam.daysLeft - day,
      exam.scheduler,
      exam.parameters
    )
    if (onExamDay === null || onExamDay < exam.target) continue
    /* the day after the first one that suffices: a day's margin over the prediction */
    const chosen = Math.min(last, day + 1)
    return { lower: chosen, upper: chosen }
  }
  return { lower: Math.max(1, exam.daysLeft - EXAM_FINAL_DAYS), upper: last }
}

export interface NewCardPace {
  /** new cards a day the plan needs */
  needed: number
  /** what today's session offers: the pace, within the ceiling */
  perDay: number
  /** the pace fits within the ceiling and the days before the learning cutoff */
  fits: boolean
  /** days left in which new cards are introduced */
  learningDays: number
}

/** How many new cards a day bring `newLeft` cards in before the cutoff. A null ceiling is none. */
export function newCardPace(
  newLeft: number,
  daysLeft: number,
  ceiling: number | null
): NewCardPace {
  const learningDays = Math.max(0, daysLeft - EXAM_NO_NEW_DAYS)
  const needed = newLeft <= 0 ? 0 : learningDays > 0 ? Math.ceil(newLeft / learningDays) : newLeft
  const fits = newLeft <= 0 || (learningDays > 0 && (ceiling === null || needed <= ceiling))
  const perDay = ceiling === null ? needed : Math.min(needed, ceiling)
  return { needed, perDay, fits, learningDays }
}
