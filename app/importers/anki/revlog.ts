import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { BundleReview } from '#importers/bundle'
import { num, str, type Row, type Warnings } from '#importers/anki/source'
import { answerTimeOf } from '#scheduling/answer_time'

/*
 * The review history (`revlog`), read for a page of cards at a time: each
 * card's answers, and the time of its latest answer (its lastReviewedAt).
 * Answers of cards not in the package are counted, never held: all answers
 * minus those of the cards read.
 */

const DAY_SECONDS = 86_400

/* revlog.type: 0 learn, 1 review, 2 relearn, 3 filtered (early review), 4 manual, 5 rescheduled */
const REVIEW_KIND: Record<number, BundleReview['kind']> = {
  0: 'learn',
  1: 'review',
  2: 'relearn',
  3: 'review',
  4: 'manual',
  5: 'manual',
}
/* intervals below a day are stored as negative seconds */
const revlogDays = (ivl: number) => (ivl < 0 ? -ivl / DAY_SECONDS : ivl)

/* the cards of a page, as a JSON list of their ids (keys) */
const OF_CARDS = 'cid IN (SELECT value FROM json_each(?))'

export class ReviewReader {
  #latest: StatementSync
  #answers: StatementSync
  /** answers (ease 1 to 4; 0 is a reschedule entry, no answer) of the cards read so far */
  #answersRead = 0

  constructor(private db: DatabaseSync) {
    this.#latest = db.prepare(
      `SELECT CAST(cid AS TEXT) AS cid, max(id) FILTER (WHERE ease > 0) AS last, count(*) FILTER (WHERE ease
        BETWEEN 1 AND 4) AS answers
       FROM revlog WHERE ${OF_CARDS} GROUP BY cid`
    )
    this.#answers = db.prepare(
      `SELECT id, CAST(cid AS TEXT) AS cid, ease, ivl, lastIvl, factor, time, type FROM revlog WHERE ` +
        `${OF_CARDS} AND ease BETWEEN 1 AND 4 ORDER BY id`
    )
  }

  /** The latest answer of each of these cards that has one, in ms, by card key; their answers count as read. */
  latest(cardKeys: string[]): Map<string, number> {
    const last = new Map<string, number>()
    if (!cardKeys.length) return last
    for (const row of this.#latest.iterate(JSON.stringify(cardKeys)) as Iterable<Row>) {
      if (row.last !== null) last.set(str(row.cid), num(row.last))
      this.#answersRead += num(row.answers)
    }
    return last
  }

  /** The answers of these cards, oldest first, read as they are taken (the statement is shared: one page at a time). */
  *answers(cardKeys: string[]): Generator<BundleReview> {
    if (!cardKeys.length) return
    for (const row of this.#answers.iterate(JSON.stringify(cardKeys)) as Iterable<Row>) {
      yield {
        cardKey: str(row.cid),
        reviewedAt: new Date(num(row.id)),
        rating: num(row.ease) as BundleReview['rating'],
        kind: REVIEW_KIND[num(row.type)] ?? 'review',
        intervalDays: revlogDays(num(row.ivl)),
        lastIntervalDays: revlogDays(num(row.lastIvl)),
        ease: num(row.factor) / 1000,
        durationMs: answerTimeOf(num(row.time)),
      }
    }
  }

  /** Once every page is read: the answers of cards that are not in the package (or were skipped) are reported. */
  report(warnings: Warnings) {
    const all = num(
      (this.db.prepare('SELECT count(*) AS n FROM revlog WHERE ease BETWEEN 1 AND 4').get() as Row)
        .n
    )
    const orphans = all - this.#answersRead
    warnings.add(orphans, `${orphans} review-log row(s) of cards not in the package were skipped`)
  }
}
