import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { findPublicDeck, presentDecks } from '#queries/library/library_decks'
import { similarDecks } from '#queries/library/browse'
import { deckReviews, libraryNotesPage, ratingBreakdown } from '#queries/library/deck_content'
import { rateLibraryDeck } from '#actions/library/rate_library_deck'
import { libraryNotesValidator, libraryPageValidator, rateDeckValidator } from '#validators/library'
import LibraryTransformer from '#transformers/library_transformer'

/** One published deck of the library: readable by everyone, rated by signed-in learners. */
export default class LibraryDecksController {
  /** GET library_decks/{id} */
  async show(ctx: HttpContext) {
    const [view] = await presentDecks([await findPublicDeck(ctx.params.id)])
    return LibraryTransformer.deck(i18nFor(ctx), view)
  }

  /** GET library_decks/{id}/notes (and /cards): a page of the current revision's notes */
  async notes(ctx: HttpContext) {
    const { query = '', limit = 20, offset = 0 } = await ctx.request.validateUsing(libraryNotesValidator)
    const deck = await findPublicDeck(ctx.params.id)
    const page = await libraryNotesPage(deck, limit, offset, query)
    return { notes: page.notes.map((note) => LibraryTransformer.note(note, page.noteTypes.get(note.noteTypeId))), total: page.total, limit, offset }
  }

  /** GET library_decks/{id}/similar_decks?limit */
  async similar(ctx: HttpContext) {
    const { limit = 6 } = await ctx.request.validateUsing(libraryPageValidator)
    const deck = await findPublicDeck(ctx.params.id)
    return { decks: LibraryTransformer.decks(i18nFor(ctx), await presentDecks(await similarDecks(deck, limit))) }
  }

  /** GET library_decks/{id}/rating */
  async rating(ctx: HttpContext) {
    const deck = await findPublicDeck(ctx.params.id)
    return LibraryTransformer.ratingStats(deck, await ratingBreakdown(deck))
  }

  /** GET library_decks/{id}/reviews?limit&offset */
  async reviews(ctx: HttpContext) {
    const { limit = 20, offset = 0 } = await ctx.request.validateUsing(libraryPageValidator)
    const deck = await findPublicDeck(ctx.params.id)
    const reviews = await deckReviews(deck, limit, offset)
    return { reviews: reviews.map((review) => LibraryTransformer.review(review)), limit, offset }
  }

  /** POST library_decks/{id}/rate {rating, comment}: one rating per learner, a second call replaces it */
  async rate(ctx: HttpContext) {
    const user = ctx.auth.use('api').getUserOrFail()
    const deck = await findPublicDeck(ctx.params.id)
    const input = await ctx.request.validateUsing(rateDeckValidator)
    const saved = await rateLibraryDeck(user, { ...input, id: deck.id })
    return {
      review: LibraryTransformer.review(saved.rating),
      rating: LibraryTransformer.ratingStats(saved.deck, await ratingBreakdown(saved.deck)),
    }
  }
}
