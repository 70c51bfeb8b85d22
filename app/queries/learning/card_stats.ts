import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { progressOf } from '#scheduling/progress_row'
import { findLearnerCard } from '#queries/learning/find_card'

/** One answer of the card's history, as review_logs stores it. */
type ReviewRow = {
  reviewed_at: Date
  answer: string
  kind: string
  interval_before: number
  interval_after: number
  ease_after: number
  stability_after: number | null
  difficulty_after: number | null
  duration_ms: number
}

/**
 * What the card sheet shows (CardStatsTransformer): the learner's card, their
 * progress on it, whether they removed it from study, and every answer to it,
 * newest first. Another learner's card is a 404.
 */
export async function cardStats(user: User, cardId: unknown) {
  const card = await findLearnerCard(user, cardId)
  const row = await db.from('card_progress').where({ user_id: user.id, card_id: card.id }).first()
  const history: ReviewRow[] = await db
    .from('review_logs')
    .where({ user_id: user.id, card_id: card.id })
    .orderBy('reviewed_at', 'desc')
    .orderBy('id', 'desc')
    .select(
      'reviewed_at',
      'answer',
      'kind',
      'interval_before',
      'interval_after',
      'ease_after',
      'stability_after',
      'difficulty_after',
      'duration_ms'
    )
  const suspended = Boolean(
    await db.from('card_suspensions').where({ user_id: user.id, card_id: card.id }).first()
  )
  return { card, progress: progressOf(row), frozen: Boolean(row?.frozen), suspended, history }
}

export type CardStats = Awaited<ReturnType<typeof cardStats>>
