import type { BundleCard, BundleReview, ImportBundle } from '#importers/bundle'
import { FROZEN_MARK } from '#importers/anki/cards'
import { daysBetween, studyDay, studyDayBounds } from '#scheduling/study_day'

/*
 * Scheduling as Anki's v2/v3 schedulers keep it: review cards due on a day
 * counted from the collection's creation (`crt`, the start of a study day of
 * the learner's at the rollover hour), learning cards due at a unix time; FSRS
 * memory state and the last review time go in the card's `data` JSON.
 */

export const REVLOG_TYPE: Record<BundleReview['kind'], number> = {
  learn: 0,
  review: 1,
  relearn: 2,
  manual: 4,
}

/** Revlog intervals: whole days as they are, shorter ones as negative seconds. */
export function revlogInterval(days: number): number {
  if (!Number.isFinite(days) || days <= 0) return 0
  return Number.isInteger(days) ? days : -Math.round(days * 86_400)
}

/**
 * The collection's creation (`crt`) as Anki sets it: the start, at the
 * rollover hour in the learner's time zone, of a study day on or before now
 * and every due date and review in the bundle (day numbers are never
 * negative). Day n is the study day n days after it.
 */
export interface Days {
  crt: number
  dayOf(at: Date): number
}

export function collectionDays(
  bundle: ImportBundle,
  now: number,
  timezoneOffsetMinutes: number
): Days {
  let earliest = now
  for (const card of bundle.cards) {
    const due = card.progress?.dueAt?.getTime()
    if (due !== undefined && due < earliest) earliest = due
  }
  for (const review of bundle.reviews) earliest = Math.min(earliest, review.reviewedAt.getTime())
  const first = studyDay(new Date(earliest), timezoneOffsetMinutes)
  return {
    crt: Math.floor(studyDayBounds(first, timezoneOffsetMinutes).start.getTime() / 1000),
    dayOf: (at) => daysBetween(first, studyDay(at, timezoneOffsetMinutes)),
  }
}

export interface CardColumns {
  type: number
  queue: number
  due: number
  ivl: number
  factor: number
  reps: number
  lapses: number
  left: number
  data: string
}

/* Anki's queues for a card set aside: suspended wins over buried (rslib/src/card/mod.rs CardQueue) */
function queueOf(card: BundleCard, queue: number) {
  if (card.suspended) return -1
  if (card.buried) return card.buried === 'manual' ? -3 : -2
  return queue
}

export function cardColumns(
  card: BundleCard,
  position: number,
  days: Days,
  now: number
): CardColumns {
  const { progress } = card
  if (!progress)
    return {
      type: 0,
      queue: queueOf(card, 0),
      due: position,
      ivl: 0,
      factor: 0,
      reps: 0,
      lapses: 0,
      left: 0,
      data: '',
    }
  const data: Record<string, unknown> = {}
  if (progress.stability !== null && Number.isFinite(progress.stability))
    data.s = progress.stability
  if (progress.difficulty !== null && Number.isFinite(progress.difficulty))
    data.d = progress.difficulty
  if (progress.lastReviewedAt) data.lrt = Math.floor(progress.lastReviewedAt.getTime() / 1000)
  /* Mnemo's freeze has no Anki queue: the card's custom data carries it back (cards.ts) */
  if (progress.frozen) data.cd = { [FROZEN_MARK]: 1 }
  const common = {
    reps: Math.max(0, Math.round(progress.reps)),
    lapses: Math.max(0, Math.round(progress.lapses)),
    data: Object.keys(data).length ? JSON.stringify(data) : '',
  }
  const dueAt = progress.dueAt ?? new Date(now)
  const factor = Math.round(Math.max(0, progress.ease) * 1000)
  switch (progress.state) {
    case 'new':
      /* a new card's factor as the source had it (Anki 2.0 wrote the starting ease), 0 for Mnemo's */
      return {
        type: 0,
        queue: queueOf(card, 0),
        due: position,
        ivl: 0,
        factor,
        left: 0,
        ...common,
      }
    case 'learning':
    case 'relearning':
      /* intraday queue: due is a unix time; one step left. A learning card's ease is Anki's 0 until it graduates */
      return {
        type: progress.state === 'learning' ? 1 : 3,
        queue: queueOf(card, 1),
        due: Math.floor(dueAt.getTime() / 1000),
        ivl: Math.max(0, Math.round(progress.intervalDays)),
        factor: progress.state === 'learning' ? factor : factor || 2500,
        left: 1,
        ...common,
      }
    default:
      return {
        type: 2,
        queue: queueOf(card, 2),
        due: days.dayOf(dueAt),
        ivl: Math.max(1, Math.round(progress.intervalDays)),
        factor: factor || 2500,
        left: 0,
        ...common,
      }
  }
}
