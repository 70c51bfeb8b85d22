import { BaseTransformer } from '@adonisjs/core/transformers'
import type LibraryRating from '#models/library_rating'
import LibraryReviewTransformer from '#transformers/library_review_transformer'

type ReviewsPage = { reviews: LibraryRating[]; limit: number; offset: number }

/** A page of a library deck's reviews (GET library_decks/{id}/reviews). */
export default class LibraryReviewsPageTransformer extends BaseTransformer<ReviewsPage> {
  toObject() {
    const { reviews, limit, offset } = this.resource
    return { reviews: LibraryReviewTransformer.transform(reviews), limit, offset }
  }
}
