import { BaseTransformer } from '@adonisjs/core/transformers'
import type { I18n } from '@adonisjs/i18n'
import type { BrowsedPage, BrowserSort } from '#queries/cards/browse_cards'
import CardBrowserTransformer from '#transformers/card_browser_transformer'
import type { CardMarks } from '#queries/learning/card_marks'

/** One browse: the page found (none when the search is malformed) and the search as typed, with its error. */
export type Browse = {
  found: BrowsedPage | null
  search: {
    q: string
    sort: BrowserSort
    order: 'asc' | 'desc'
    error: { position: number; message: string } | null
  }
  /** the learner's flags and burials of the page's cards */
  marks: CardMarks
}

/** The card browser page: a page of found cards, the search as typed, and its error (where, what) if malformed. */
export default class CardBrowserPageTransformer extends BaseTransformer<Browse> {
  constructor(
    browse: Browse,
    protected i18n: I18n
  ) {
    super(browse)
  }

  toObject() {
    const { found, search, marks } = this.resource
    return {
      cards: CardBrowserTransformer.transform(found?.cards ?? [], this.i18n, marks),
      total: found?.total ?? 0,
      page: found ? Math.floor(found.offset / found.limit) + 1 : 1,
      pageSize: found?.limit ?? 0,
      ...search,
    }
  }
}
