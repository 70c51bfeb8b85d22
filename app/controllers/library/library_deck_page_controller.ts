import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { findPublicDeck, presentDecks } from '#queries/library/library_decks'
import { similarDecks } from '#queries/library/browse'
import { deckReviews, libraryNotesPage, ownRating } from '#queries/library/deck_content'
import { rateLibraryDeck } from '#actions/library/rate_library_deck'
import { libraryNotesValidator, rateDeckValidator } from '#validators/library'
import LibraryDeckTransformer from '#transformers/library_deck_transformer'
import LibraryNoteTransformer from '#transformers/library_note_transformer'
import LibraryReviewTransformer from '#transformers/library_review_transformer'

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
      deck: LibraryDeckTransformer.transform(view, i18n),
      notes: LibraryNoteTransformer.transform(notes.notes, notes.noteTypes),
      notesTotal: notes.total,
      offset,
      reviews: LibraryReviewTransformer.transform(reviews),
      similar: LibraryDeckTransformer.transform(
        await presentDecks(await similarDecks(deck, 6)),
        i18n
      ),
      ownRating: mine ? LibraryReviewTransformer.transform(mine).useVariant('forEditor') : null,
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
