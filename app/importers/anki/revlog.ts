import type { DatabaseSync } from 'node:sqlite'
import type { BundleReview } from '#importers/bundle'
import { num, str, type Row, type Warnings } from '#importers/anki/source'
import { answerTimeOf } from '#scheduling/answer_time'

/*
 * The review history (`revlog`): each answer of a card in the package, and
 * the time of each card's latest answer (for its lastReviewedAt).
 */

const DAY_SECONDS = 86_400

/* revlog.type: 0 learn, 1 review, 2 relearn, 3 filtered (early review), 4 manual, 5 rescheduled */
const REVIEW_KIND: Record<number, BundleReview['kind']> = { 0: 'learn', 1: 'review', 2: 'relearn', 3: 'review', 4: 'manual', 5: 'manual' }
/* intervals below a day are stored as negative seconds */
const revlogDays = (ivl: number) => (ivl < 0 ? -ivl / DAY_SECONDS : ivl)

/** The latest answer of each card, in ms, by card id. */
export function lastReviews(db: DatabaseSync): Map<string, number> {
  const last = new Map<string, number>()
  for (const row of db.prepare('SELECT CAST(cid AS TEXT) AS cid, max(id) AS last FROM revlog WHERE ease > 0 GROUP BY cid').iterate() as Iterable<Row>) {
    last.set(str(row.cid), num(row.last))
  }
  return last
}

/** The answers of the cards the bundle holds, oldest first; reschedule entries (ease 0) are no answers. */
export function readReviews(db: DatabaseSync, cardKeys: Set<string>, warnings: Warnings): BundleReview[] {
  const reviews: BundleReview[] = []
  let orphanReviews = 0
  for (const row of db.prepare('SELECT id, CAST(cid AS TEXT) AS cid, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY id').iterate() as Iterable<Row>) {
    const ease = num(row.ease)
    if (ease < 1 || ease > 4) continue
    const cardKey = str(row.cid)
    if (!cardKeys.has(cardKey)) {
      orphanReviews++
      continue
    }
    reviews.push({
      cardKey,
      reviewedAt: new Date(num(row.id)),
      rating: ease as BundleReview['rating'],
      kind: REVIEW_KIND[num(row.type)] ?? 'review',
      intervalDays: revlogDays(num(row.ivl)),
      lastIntervalDays: revlogDays(num(row.lastIvl)),
      ease: num(row.factor) / 1000,
      durationMs: answerTimeOf(num(row.time)),
    })
  }
  warnings.add(orphanReviews, `${orphanReviews} review-log row(s) of cards not in the package were skipped`)
  return reviews
}
