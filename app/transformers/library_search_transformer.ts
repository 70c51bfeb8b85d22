import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { LibraryDeckPage } from '#transformers/library_deck_page_transformer'
import LibraryDeckTransformer from '#transformers/library_deck_transformer'

/** A page of a library search's results, with the query as it was searched (trimmed). */
export default class LibrarySearchTransformer extends BaseTransformer<
  LibraryDeckPage & { query: string }
> {
  constructor(
    page: LibraryDeckPage & { query: string },
    protected i18n: I18n
  ) {
    super(page)
  }

  toObject() {
    const { query, decks, total, limit, offset } = this.resource
    return {
      query,
      decks: LibraryDeckTransformer.transform(decks, this.i18n),
      total,
      limit,
      offset,
    }
  }
}
