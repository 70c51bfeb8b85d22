import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { findPublicDeck, presentDecks } from '#queries/library/library_decks'
import { similarDecks } from '#queries/library/browse'
import {
  deckReviews,
  libraryCardsPage,
  libraryNotesPage,
  ratingBreakdown,
} from '#queries/library/deck_content'
import { rateLibraryDeck } from '#actions/library/rate_library_deck'
import { libraryNotesValidator, libraryPageValidator, rateDeckValidator } from '#validators/library'
import LibraryDeckTransformer from '#transformers/library_deck_transformer'
import LibraryNotesPageTransformer from '#transformers/library_notes_page_transformer'
import LibraryCardsPageTransformer from '#transformers/library_cards_page_transformer'
import LibraryRatingTransformer from '#transformers/library_rating_transformer'
import LibraryReviewTransformer from '#transformers/library_review_transformer'
import LibraryReviewsPageTransformer from '#transformers/library_reviews_page_transformer'
import { serialize } from '#transformers/serialize'

/** One published deck of the library: readable by everyone, rated by signed-in learners. */
export default class LibraryDecksController {
  /** GET library_decks/{id} */
  async show(ctx: HttpContext) {
    const [view] = await presentDecks([await findPublicDeck(ctx.params.id)])
    return serialize(LibraryDeckTransformer.transform(view, i18nFor(ctx)))
  }

  /** GET library_decks/{id}/cards: a page of the current revision's cards (offset, limit, total count cards) */
  async cards(ctx: HttpContext) {
    const {
      query = '',
      limit = 20,
      offset = 0,
    } = await ctx.request.validateUsing(libraryNotesValidator)
    const deck = await findPublicDeck(ctx.params.id)
    const page = await libraryCardsPage(deck, limit, offset, query)
    return serialize(LibraryCardsPageTransformer.transform({ ...page, limit, offset }))
  }

  /** GET library_decks/{id}/notes: a page of the current revision's notes */
  async notes(ctx: HttpContext) {
    const {
      query = '',
      limit = 20,
      offset = 0,
    } = await ctx.request.validateUsing(libraryNotesValidator)
    const deck = await findPublicDeck(ctx.params.id)
    const page = await libraryNotesPage(deck, limit, offset, query)
    return serialize(LibraryNotesPageTransformer.transform({ ...page, limit, offset }))
  }

  /** GET library_decks/{id}/similar_decks?limit */
  async similar(ctx: HttpContext) {
    const { limit = 6 } = await ctx.request.validateUsing(libraryPageValidator)
    const deck = await findPublicDeck(ctx.params.id)
    const views = await presentDecks(await similarDecks(deck, limit))
    return serialize({ decks: LibraryDeckTransformer.transform(views, i18nFor(ctx)) })
  }

  /** GET library_decks/{id}/rating */
  async rating(ctx: HttpContext) {
    const deck = await findPublicDeck(ctx.params.id)
    return serialize(LibraryRatingTransformer.transform(deck, await ratingBreakdown(deck)))
  }

  /** GET library_decks/{id}/reviews?limit&offset */
  async reviews(ctx: HttpContext) {
    const { limit = 20, offset = 0 } = await ctx.request.validateUsing(libraryPageValidator)
    const deck = await findPublicDeck(ctx.params.id)
    const reviews = await deckReviews(deck, limit, offset)
    return serialize(LibraryReviewsPageTransformer.transform({ reviews, limit, offset }))
  }

  /** POST library_decks/{id}/rate {rating, comment}: one rating per learner, a second call replaces it */
  async rate(ctx: HttpContext) {
    const user = ctx.auth.use('api').getUserOrFail()
    const deck = await findPublicDeck(ctx.params.id)
    const input = await ctx.request.validateUsing(rateDeckValidator)
    const saved = await rateLibraryDeck(user, { ...input, id: deck.id })
    return serialize({
      review: LibraryReviewTransformer.transform(saved.rating),
      rating: LibraryRatingTransformer.transform(saved.deck, await ratingBreakdown(saved.deck)),
    })
  }
}
