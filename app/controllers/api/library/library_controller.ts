import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { categoryTree, findSubcategory } from '#queries/library/categories'
import { presentDecks } from '#queries/library/library_decks'
import { libraryHome } from '#queries/library/library_home'
import { popularSearches, subcategoryDecks } from '#queries/library/browse'
import { alphabeticalDecks, searchDecks } from '#queries/library/search_decks'
import { recordSearch } from '#actions/library/record_search'
import { alphabeticalValidator, libraryPageValidator, librarySearchValidator } from '#validators/library'
import LibraryTransformer from '#transformers/library_transformer'

/** The library's lists, open to everyone (a token, when sent, names who searched). */
export default class LibraryController {
  /** GET library/categories */
  async categories(ctx: HttpContext) {
    return { categories: LibraryTransformer.categories(i18nFor(ctx), await categoryTree()) }
  }

  /** GET v2/library */
  async home(ctx: HttpContext) {
    const i18n = i18nFor(ctx)
    const home = await libraryHome()
    return {
      categories: LibraryTransformer.categories(i18n, home.tree),
      trending: LibraryTransformer.decks(i18n, home.trending),
      popular: LibraryTransformer.decks(i18n, home.popular),
      new: LibraryTransformer.decks(i18n, home.fresh),
      popularSearches: home.searches,
    }
  }

  /** GET v2/library/categories/{category}/{subcategory}?limit&offset */
  async subcategory(ctx: HttpContext) {
    const { limit = 20, offset = 0 } = await ctx.request.validateUsing(libraryPageValidator)
    const { category, subcategory } = await findSubcategory(ctx.params.category, ctx.params.subcategory)
    const { decks, total } = await subcategoryDecks(subcategory, limit, offset)
    const i18n = i18nFor(ctx)
    return {
      category: LibraryTransformer.category(i18n, category),
      subcategory: LibraryTransformer.category(i18n, subcategory, category),
      decks: LibraryTransformer.decks(i18n, await presentDecks(decks)),
      total, limit, offset,
    }
  }

  /** GET library/search?query&limit&offset: the query is trimmed, recorded, and must not be empty */
  async search(ctx: HttpContext) {
    const { query, limit = 20, offset = 0 } = await ctx.request.validateUsing(librarySearchValidator)
    const { decks, total } = await searchDecks(query, limit, offset)
    const user = (await ctx.auth.use('api').check()) ? ctx.auth.use('api').user : null
    await recordSearch(user ?? null, { query, resultsCount: total })
    return { query, decks: LibraryTransformer.decks(i18nFor(ctx), await presentDecks(decks)), total, limit, offset }
  }

  /** GET library/search/popular */
  async popular() {
    return { searches: await popularSearches() }
  }

  /** GET library_decks/alphabetical_search?query&limit&offset */
  async alphabetical(ctx: HttpContext) {
    const { query = '', limit = 20, offset = 0 } = await ctx.request.validateUsing(alphabeticalValidator)
    const { decks, total } = await alphabeticalDecks(query, limit, offset)
    return { decks: LibraryTransformer.decks(i18nFor(ctx), await presentDecks(decks)), total, limit, offset }
  }
}
