import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { findSubcategory } from '#queries/library/categories'
import { presentDecks } from '#queries/library/library_decks'
import { libraryHome } from '#queries/library/library_home'
import { popularSearches, subcategoryDecks } from '#queries/library/browse'
import { alphabeticalDecks, searchDecks } from '#queries/library/search_decks'
import { recordSearch } from '#actions/library/record_search'
import { alphabeticalValidator, libraryPageValidator, librarySearchValidator } from '#validators/library'
import LibraryTransformer from '#transformers/library_transformer'

const PAGE = 24

/** The library's pages: the same queries as the API (app/controllers/api/library/library_controller.ts). */
export default class LibraryPagesController {
  /** GET /library */
  async home(ctx: HttpContext) {
    const i18n = i18nFor(ctx)
    const home = await libraryHome(8)
    return ctx.inertia.render('library/home', {
      categories: LibraryTransformer.categories(i18n, home.tree),
      trending: LibraryTransformer.decks(i18n, home.trending),
      popular: LibraryTransformer.decks(i18n, home.popular),
      fresh: LibraryTransformer.decks(i18n, home.fresh),
      popularSearches: home.searches,
    })
  }

  /** GET /library/search?query&offset: an empty query goes back to the library */
  async search(ctx: HttpContext) {
    const raw = ctx.request.qs()
    if (typeof raw.query !== 'string' || !raw.query.trim()) return ctx.response.redirect().toRoute('library.home')
    const { query, offset = 0 } = await ctx.request.validateUsing(librarySearchValidator)
    const { decks, total } = await searchDecks(query, PAGE, offset)
    await recordSearch(ctx.auth.user ?? null, { query, resultsCount: total })
    return ctx.inertia.render('library/search', {
      query,
      decks: LibraryTransformer.decks(i18nFor(ctx), await presentDecks(decks)),
      total, offset, limit: PAGE,
      popularSearches: await popularSearches(),
    })
  }

  /** GET /library/:category/:subcategory?offset */
  async subcategory(ctx: HttpContext) {
    const { offset = 0 } = await ctx.request.validateUsing(libraryPageValidator)
    const { category, subcategory } = await findSubcategory(ctx.params.category, ctx.params.subcategory)
    const { decks, total } = await subcategoryDecks(subcategory, PAGE, offset)
    const i18n = i18nFor(ctx)
    return ctx.inertia.render('library/category', {
      category: LibraryTransformer.category(i18n, category),
      subcategory: LibraryTransformer.category(i18n, subcategory, category),
      decks: LibraryTransformer.decks(i18n, await presentDecks(decks)),
      total, offset, limit: PAGE,
    })
  }

  /** GET /library/a-z?query&offset */
  async alphabetical(ctx: HttpContext) {
    const { query = '', offset = 0 } = await ctx.request.validateUsing(alphabeticalValidator)
    const { decks, total } = await alphabeticalDecks(query, PAGE, offset)
    return ctx.inertia.render('library/alphabetical', {
      query,
      decks: LibraryTransformer.decks(i18nFor(ctx), await presentDecks(decks)),
      total, offset, limit: PAGE,
    })
  }
}
