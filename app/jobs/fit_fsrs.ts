import db from '@adonisjs/lucid/services/db'
import {
  MIN_REVIEWS_TO_FIT,
  NotEnoughReviewsError,
  fitParameters,
  type ReviewRecord,
} from '#scheduling/fsrs_optimizer'
import type { JobPayload } from '#services/queue'

/**
 * Fits the learner's own FSRS weights on their whole review history (every
 * source: study sessions, offline answers and imported history are all real
 * answers). The fit's report is always stored; the weights only when they beat
 * the defaults on held-out reviews, otherwise the previous ones stay.
 */
export default async function fitFsrs(payload: JobPayload<'fit_fsrs'>) {
  const { userId } = payload
  const [{ total }] = await db.from('review_logs').where('user_id', userId).count('* as total')
  if (Number(total) < MIN_REVIEWS_TO_FIT) return { skipped: true, reviews: Number(total) }

  const rows: { card_id: number; rating: number; reviewed_at: Date; study_day: string }[] = await db
    .from('review_logs')
    .where('user_id', userId)
    .select(
      'card_id',
      'rating',
      'reviewed_at',
      db.raw(`to_char(study_day, 'YYYY-MM-DD') as study_day`)
    )
    .orderBy([{ column: 'card_id' }, { column: 'reviewed_at' }, { column: 'id' }])
  const reviews: ReviewRecord[] = rows.map((row) => ({
    cardId: Number(row.card_id),
    reviewedAt: new Date(row.reviewed_at),
    rating: Number(row.rating) as ReviewRecord['rating'],
    studyDay: row.study_day,
  }))

  /* the count above included rows the optimizer drops (duplicates): it may still refuse */
  const result = await fitParameters(reviews).catch((error) => {
    if (error instanceof NotEnoughReviewsError) return null
    throw error
  })
  if (!result) return { skipped: true, reviews: reviews.length }

  const fit = {
    fittedAt: new Date().toISOString(),
    reviews: result.reviews,
    trainReviews: result.trainReviews,
    testReviews: result.testReviews,
    /* NaN (nothing held out to predict) is stored as null */
    defaultLogLoss: result.defaultLogLoss,
    fittedLogLoss: result.fittedLogLoss,
    kept: result.kept,
  }
  await db
    .from('users')
    .where('id', userId)
    .update({
      fsrs_fit: JSON.stringify(fit),
      ...(result.kept ? { fsrs_parameters: JSON.stringify(result.parameters) } : {}),
    })
  return fit
}
