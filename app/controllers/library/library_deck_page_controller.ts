import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { findPublicDeck, presentDecks } from '#queries/library/library_decks'
import { similarDecks } from '#queries/library/browse'
import { deckReviews, libraryNotesPage, ownRating } from '#queries/library/deck_content'
import { rateLibraryDeck } from '#actions/library/rate_library_deck'
import { libraryNotesValidator, rateDeckValidator } from '#validators/library'
import LibraryTransformer from '#transformers/library_transformer'

/** A library deck's page (/library/decks/<slug>) and its rate form. */
export default class LibraryDeckPageController {
  /** GET /library/decks/:slug?offset: the deck, a page of notes, its reviews and similar decks */
  async show(ctx: HttpContext) {
    const { offset = 0 } = await ctx.request.validateUsing(libraryNotesValidator)
    const deck = await findPublicDeck(ctx.params.slug)
    const i18n = i18nFor(ctx)
    const [view] = await presentDecks([deck])
    const notes = await libraryNotesPage(deck, 20, offset)
    const reviews = await deckReviews(deck, 10, 0)
    const mine = await ownRating(deck, ctx.auth.user?.id)
    return ctx.inertia.render('library/deck', {
      deck: LibraryTransformer.deck(i18n, view),
      notes: notes.notes.map((note) => LibraryTransformer.note(note, notes.noteTypes.get(note.noteTypeId))),
      notesTotal: notes.total,
      offset,
      reviews: reviews.map((review) => LibraryTransformer.review(review)),
      similar: LibraryTransformer.decks(i18n, await presentDecks(await similarDecks(deck, 6))),
      ownRating: mine ? { rating: mine.rating, comment: mine.comment } : null,
      isAuthor: ctx.auth.user?.id === deck.userId,
    })
  }

  /** POST /library/decks/:slug/rate {rating, comment}: back to the deck with a toast */
  async rate(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const deck = await findPublicDeck(ctx.params.slug)
    const input = await ctx.request.validateUsing(rateDeckValidator)
    await rateLibraryDeck(user, { ...input, id: deck.id })
    ctx.session.flash('success', i18nFor(ctx).t('ui.library.rate_saved'))
    return ctx.response.redirect().toRoute('library.deck', { slug: deck.slug })
  }
}
