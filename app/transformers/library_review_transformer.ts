import { BaseTransformer } from '@adonisjs/core/transformers'
import type LibraryRating from '#models/library_rating'
import { libraryAuthor } from '#transformers/library_deck_transformer'

/** The spec's library deck review (a rating, its comment and its author). */
export default class LibraryReviewTransformer extends BaseTransformer<LibraryRating> {
  toObject() {
    const rating = this.resource
    return {
      id: rating.id,
      rating: rating.rating,
      comment: rating.comment,
      createdAt: rating.createdAt.toISO()!,
      updatedAt: rating.updatedAt.toISO()!,
      author: libraryAuthor(rating.author),
    }
  }

  /** The learner's own rating, as the deck page's rate form starts from it. */
  forEditor() {
    return this.pick(this.resource, ['rating', 'comment'])
  }
}
