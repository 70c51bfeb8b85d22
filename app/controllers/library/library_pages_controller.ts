import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { findSubcategory } from '#queries/library/categories'
import { presentDecks } from '#queries/library/library_decks'
import { libraryHome } from '#queries/library/library_home'
import { popularSearches, subcategoryDecks } from '#queries/library/browse'
import { alphabeticalDecks, searchDecks } from '#queries/library/search_decks'
import { recordSearch } from '#actions/library/record_search'
import {
  alphabeticalValidator,
  libraryPageValidator,
  librarySearchValidator,
} from '#validators/library'
import LibraryCategoryTransformer from '#transformers/library_category_transformer'
import LibraryCategoryTreeTransformer from '#transformers/library_category_tree_transformer'
import LibraryDeckTransformer from '#transformers/library_deck_transformer'
import PopularSearchTransformer from '#transformers/popular_search_transformer'

const PAGE = 24

/** The library's pages: the same queries as the API (app/controllers/api/library/library_controller.ts). */
export default class LibraryPagesController {
  /** GET /library */
  async home(ctx: HttpContext) {
    const i18n = i18nFor(ctx)
    const home = await libraryHome(8)
    return ctx.inertia.render('library/home', {
      categories: LibraryCategoryTreeTransformer.transform(home.tree, i18n),
      trending: LibraryDeckTransformer.transform(home.trending, i18n),
      popular: LibraryDeckTransformer.transform(home.popular, i18n),
      fresh: LibraryDeckTransformer.transform(home.fresh, i18n),
      popularSearches: PopularSearchTransformer.transform(home.searches),
    })
  }

  /** GET /library/search?query&offset: an empty query goes back to the library */
  async search(ctx: HttpContext) {
    const raw = ctx.request.qs()
    if (typeof raw.query !== 'string' || !raw.query.trim())
      return ctx.response.redirect().toRoute('library.home')
    const { query, offset = 0 } = await ctx.request.validateUsing(librarySearchValidator)
    const { decks, total } = await searchDecks(query, PAGE, offset)
    await recordSearch(ctx.auth.user ?? null, { query, resultsCount: total })
    return ctx.inertia.render('library/search', {
      query,
      decks: LibraryDeckTransformer.transform(await presentDecks(decks), i18nFor(ctx)),
      total,
      offset,
      limit: PAGE,
      popularSearches: PopularSearchTransformer.transform(await popularSearches()),
    })
  }

  /** GET /library/:category/:subcategory?offset */
  async subcategory(ctx: HttpContext) {
    const { offset = 0 } = await ctx.request.validateUsing(libraryPageValidator)
    const { category, subcategory } = await findSubcategory(
      ctx.params.category,
      ctx.params.subcategory
    )
    const { decks, total } = await subcategoryDecks(subcategory, PAGE, offset)
    const i18n = i18nFor(ctx)
    return ctx.inertia.render('library/category', {
      category: LibraryCategoryTransformer.transform(category, i18n),
      subcategory: LibraryCategoryTransformer.transform(subcategory, i18n, category),
      decks: LibraryDeckTransformer.transform(await presentDecks(decks), i18n),
      total,
      offset,
      limit: PAGE,
    })
  }

  /** GET /library/a-z?query&offset */
  async alphabetical(ctx: HttpContext) {
    const { query = '', offset = 0 } = await ctx.request.validateUsing(alphabeticalValidator)
    const { decks, total } = await alphabeticalDecks(query, PAGE, offset)
    return ctx.inertia.render('library/alphabetical', {
      query,
      decks: LibraryDeckTransformer.transform(await presentDecks(decks), i18nFor(ctx)),
      total,
      offset,
      limit: PAGE,
    })
  }
}
