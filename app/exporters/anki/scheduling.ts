import type { BundleProgress, BundleReview, ImportBundle } from '#importers/bundle'

/*
 * Scheduling as Anki's v2/v3 schedulers keep it: review cards due on a day
 * counted from the collection's creation (`crt`, set to a UTC midnight on or
 * before every date in the bundle), learning cards due at a unix time; FSRS
 * memory state and the last review time go in the card's `data` JSON.
 */

const DAY_MS = 86_400_000

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

/** A UTC midnight on or before now and every due date and review in the bundle, so day numbers are never negative. */
export function creationDay(bundle: ImportBundle, now: number): number {
  let earliest = now
  for (const card of bundle.cards) {
    const due = card.progress?.dueAt?.getTime()
    if (due !== undefined && due < earliest) earliest = due
  }
  for (const review of bundle.reviews) earliest = Math.min(earliest, review.reviewedAt.getTime())
  return Math.floor(earliest / DAY_MS) * (DAY_MS / 1000)
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

export function cardColumns(
  progress: BundleProgress | null,
  position: number,
  crt: number,
  now: number
): CardColumns {
  if (!progress)
    return {
      type: 0,
      queue: 0,
      due: position,
      ivl: 0,
      factor: 0,
      reps: 0,
      lapses: 0,
      left: 0,
      data: '',
    }
  const data: Record<string, number> = {}
  if (progress.stability !== null && Number.isFinite(progress.stability))
    data.s = progress.stability
  if (progress.difficulty !== null && Number.isFinite(progress.difficulty))
    data.d = progress.difficulty
  if (progress.lastReviewedAt) data.lrt = Math.floor(progress.lastReviewedAt.getTime() / 1000)
  const common = {
    reps: Math.max(0, Math.round(progress.reps)),
    lapses: Math.max(0, Math.round(progress.lapses)),
    data: Object.keys(data).length ? JSON.stringify(data) : '',
  }
  const dueMs = progress.dueAt?.getTime() ?? now
  const factor = Math.round((progress.ease > 0 ? progress.ease : 2.5) * 1000)
  const frozen = (queue: number) => (progress.frozen ? -1 : queue)
  switch (progress.state) {
    case 'new':
      return { type: 0, queue: frozen(0), due: position, ivl: 0, factor: 0, left: 0, ...common }
    case 'learning':
    case 'relearning':
      /* intraday queue: due is a unix time; one step left */
      return {
        type: progress.state === 'learning' ? 1 : 3,
        queue: frozen(1),
        due: Math.floor(dueMs / 1000),
        ivl: Math.max(0, Math.round(progress.intervalDays)),
        factor,
        left: 1,
        ...common,
      }
    default:
      return {
        type: 2,
        queue: frozen(2),
        due: Math.floor((dueMs - crt * 1000) / DAY_MS),
        ivl: Math.max(1, Math.round(progress.intervalDays)),
        factor,
        left: 0,
        ...common,
      }
  }
}
