import { progressColumns } from '#models/card_progress'
import { addDays, studyDay, studyDayBounds } from '#scheduling/study_day'
import type { Progress } from '#scheduling/types'
import type { BundleCard, BundleReview } from '#importers/bundle'
import { reviewLogRow } from '#actions/learning/review_log_row'
import type { BundleWrite, Created } from '#actions/imports/bundle_context'
import { insertRows } from '#actions/imports/insert_rows'

type WrittenCard = { id: number; note_id: number; ord: number; deck_id: number }

const ANSWER_OF_RATING = ['again', 'hard', 'good', 'easy'] as const

/** The source's scheduling as a progress row of the importer's own. */
function progressRow(write: BundleWrite, card: WrittenCard, source: BundleCard, now: Date) {
  const p = source.progress!
  const progress: Progress = {
    state: p.state,
    dueAt: p.dueAt,
    intervalDays: p.intervalDays,
    ease: p.ease,
    step: p.state === 'learning' || p.state === 'relearning' ? 1 : 0,
    reps: p.reps,
    lapses: p.lapses,
    stability: p.stability,
    difficulty: p.difficulty,
    lastReviewedAt: p.lastReviewedAt,
  }
  return {
    user_id: write.user.id,
    card_id: card.id,
    deck_id: card.deck_id,
    ...progressColumns(progress),
    frozen: p.frozen,
    version: 0,
    created_at: now,
    updated_at: now,
  }
}

/** A review the source recorded, as the importer's history (Anki's manual rescheduling counts as a review). */
function historyRow(
  write: BundleWrite,
  card: Pick<WrittenCard, 'id' | 'deck_id'>,
  review: BundleReview
) {
  return reviewLogRow({
    userId: write.user.id,
    cardId: card.id,
    deckId: card.deck_id,
    answer: ANSWER_OF_RATING[review.rating - 1],
    kind: review.kind === 'manual' ? 'review' : review.kind,
    stateBefore:
      review.kind === 'learn' ? 'learning' : review.kind === 'relearn' ? 'relearning' : 'review',
    versionBefore: null,
    intervalBefore: review.lastIntervalDays,
    intervalAfter: review.intervalDays,
    easeAfter: review.ease,
    reviewedAt: review.reviewedAt,
    studyDay: studyDay(review.reviewedAt, write.user.timezoneOffset ?? 0),
    durationMs: review.durationMs,
    source: 'import',
  })
}

/**
 * Anki's suspended cards are suspended (card_suspensions), its buried ones
 * buried until the learner's next study day (card_burials), whatever their
 * state.
 */
async function writeMarks(
  write: BundleWrite,
  cards: BundleCard[],
  written: Map<string, WrittenCard>,
  now: Date
) {
  const offset = write.user.timezoneOffset ?? 0
  const until = studyDayBounds(addDays(studyDay(now, offset), 1), offset).start
  const suspensions = []
  const burials = []
  for (const source of cards) {
    const card = written.get(source.key)!
    if (source.suspended)
      suspensions.push({ user_id: write.user.id, card_id: card.id, created_at: now })
    if (source.buried)
      burials.push({
        user_id: write.user.id,
        card_id: card.id,
        until,
        manual: source.buried === 'manual',
      })
  }
  await insertRows(write.trx, 'card_suspensions', suspensions)
  await insertRows(write.trx, 'card_burials', burials)
}

/* answers written per statement: a card studied for years has thousands, and a batch holds a thousand notes */
const REVIEWS_PER_STATEMENT = 5000

/** A batch's new notes and what was written of them, with the batch's answers. */
export interface NewNotes {
  created: Created[]
  cards: WrittenCard[]
  cardsByNote: Map<string, BundleCard[]>
  idByGuid: Map<string, number>
  reviews: Iterable<BundleReview>
}

/**
 * The new notes' scheduling from the source, and their review history,
 * read from the batch as it is written. Answers the number of reviews
 * written.
 */
export async function writeHistory(write: BundleWrite, written: NewNotes) {
  const { trx } = write
  const now = new Date()
  const cardId = new Map(written.cards.map((card) => [`${card.note_id}:${card.ord}`, card]))
  const progressRows: ReturnType<typeof progressRow>[] = []
  const idOfSourceCard = new Map<string, WrittenCard>()
  const marked: BundleCard[] = []
  for (const { note } of written.created) {
    const noteId = written.idByGuid.get(note.guid)
    for (const source of written.cardsByNote.get(note.key) ?? []) {
      const card = cardId.get(`${noteId}:${source.ord}`)
      if (!card) continue
      idOfSourceCard.set(source.key, card)
      marked.push(source)
      if (source.progress) progressRows.push(progressRow(write, card, source, now))
    }
  }
  await insertRows(trx, 'card_progress', progressRows)
  await writeMarks(write, marked, idOfSourceCard, now)
  let rows: ReturnType<typeof historyRow>[] = []
  let count = 0
  for (const review of written.reviews) {
    const card = idOfSourceCard.get(review.cardKey)
    if (!card) continue
    rows.push(historyRow(write, card, review))
    if (rows.length < REVIEWS_PER_STATEMENT) continue
    await insertRows(trx, 'review_logs', rows)
    count += rows.length
    rows = []
  }
  await insertRows(trx, 'review_logs', rows)
  return count + rows.length
}
