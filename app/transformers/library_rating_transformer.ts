import { BaseTransformer } from '@adonisjs/core/transformers'
import type PublicDeck from '#models/public_deck'
import { libraryRatingOf } from '#transformers/library_deck_transformer'

/** The spec's rating stats of a library deck; `breakdown` counts its ratings 1 to 5 (ratingBreakdown). */
export default class LibraryRatingTransformer extends BaseTransformer<PublicDeck> {
  constructor(
    deck: PublicDeck,
    protected breakdown: number[]
  ) {
    super(deck)
  }

  toObject() {
    const { average, count, ratingBreakdown } = libraryRatingOf(this.resource, this.breakdown)
    return { averageRating: average, totalRatings: count, breakdown: ratingBreakdown }
  }
}
