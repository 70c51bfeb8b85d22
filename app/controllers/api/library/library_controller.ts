import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { categoryTree, findSubcategory } from '#queries/library/categories'
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
import LibraryTransformer from '#transformers/library_transformer'
import LibraryCategoryTreeTransformer from '#transformers/library_category_tree_transformer'
import LibraryDeckPageTransformer from '#transformers/library_deck_page_transformer'
import LibrarySearchTransformer from '#transformers/library_search_transformer'
import LibrarySubcategoryTransformer from '#transformers/library_subcategory_transformer'
import PopularSearchTransformer from '#transformers/popular_search_transformer'
import { serialize } from '#transformers/serialize'

/** The library's lists, open to everyone (a token, when sent, names who searched). */
export default class LibraryController {
  /** GET library/categories */
  async categories(ctx: HttpContext) {
    return serialize({
      categories: LibraryCategoryTreeTransformer.transform(await categoryTree(), i18nFor(ctx)),
    })
  }

  /** GET v2/library */
  async home(ctx: HttpContext) {
    return serialize(LibraryTransformer.transform(await libraryHome(), i18nFor(ctx)))
  }

  /** GET v2/library/categories/{category}/{subcategory}?limit&offset */
  async subcategory(ctx: HttpContext) {
    const { limit = 20, offset = 0 } = await ctx.request.validateUsing(libraryPageValidator)
    const { category, subcategory } = await findSubcategory(
      ctx.params.category,
      ctx.params.subcategory
    )
    const { decks, total } = await subcategoryDecks(subcategory, limit, offset)
    const page = { category, subcategory, decks: await presentDecks(decks), total, limit, offset }
    return serialize(LibrarySubcategoryTransformer.transform(page, i18nFor(ctx)))
  }

  /** GET library/search?query&limit&offset: the query is trimmed, recorded, and must not be empty */
  async search(ctx: HttpContext) {
    const {
      query,
      limit = 20,
      offset = 0,
    } = await ctx.request.validateUsing(librarySearchValidator)
    const { decks, total } = await searchDecks(query, limit, offset)
    const user = (await ctx.auth.use('api').check()) ? ctx.auth.use('api').user : null
    await recordSearch(user ?? null, { query, resultsCount: total })
    const page = { query, decks: await presentDecks(decks), total, limit, offset }
    return serialize(LibrarySearchTransformer.transform(page, i18nFor(ctx)))
  }

  /** GET library/search/popular */
  async popular() {
    return serialize({ searches: PopularSearchTransformer.transform(await popularSearches()) })
  }

  /** GET library_decks/alphabetical_search?query&limit&offset */
  async alphabetical(ctx: HttpContext) {
    const {
      query = '',
      limit = 20,
      offset = 0,
    } = await ctx.request.validateUsing(alphabeticalValidator)
    const { decks, total } = await alphabeticalDecks(query, limit, offset)
    const page = { decks: await presentDecks(decks), total, limit, offset }
    return serialize(LibraryDeckPageTransformer.transform(page, i18nFor(ctx)))
  }
}
