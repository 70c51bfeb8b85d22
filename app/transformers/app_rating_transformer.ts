import { BaseTransformer } from '@adonisjs/core/transformers'
import type { FeedbackType } from '#validators/client'

/** An app rating as stored (actions/client/rate_app.ts). */
export type AppRating = { id: number; feedbackType: FeedbackType; createdAt: string }

/** POST app_ratings.json and the web feedback's JSON answer. */
export default class AppRatingTransformer extends BaseTransformer<AppRating> {
  toObject() {
    return this.pick(this.resource, ['id', 'feedbackType', 'createdAt'])
  }
}
