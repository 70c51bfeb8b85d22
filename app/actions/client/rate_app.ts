import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type { Infer } from '@vinejs/vine/types'
import type { FeedbackType, appRatingValidator } from '#validators/client'
import { sanitizePlainText } from '#services/plain_text'

/**
 * POST app_ratings.json and the web feedback form: the learner's rating, kept (one row each, never merged; the
 * text as plain text).
 */
export async function rateApp(user: User, input: Infer<typeof appRatingValidator>) {
  const rating = {
    feedbackType: input.feedback_type,
    text: input.text === undefined ? undefined : sanitizePlainText(input.text),
    prefix: input.prefix,
  }
  const [row] = await db
    .table('app_ratings')
    .insert({
      user_id: user.id,
      feedback_type: rating.feedbackType,
      text: rating.text ?? '',
      prefix: rating.prefix ?? '',
      created_at: new Date(),
    })
    .returning(['id', 'feedback_type', 'created_at'])
  return {
    id: Number(row.id),
    feedbackType: row.feedback_type as FeedbackType,
    createdAt: new Date(row.created_at).toISOString(),
  }
}
