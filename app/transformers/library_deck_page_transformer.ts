import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { LibraryDeckView } from '#queries/library/library_decks'
import LibraryDeckTransformer from '#transformers/library_deck_transformer'

/** A page of library decks: the decks, how many there are in all, and where the page starts. */
export type LibraryDeckPage = {
  decks: LibraryDeckView[]
  total: number
  limit: number
  offset: number
}

/** A page of library decks (GET library_decks/alphabetical_search). */
export default class LibraryDeckPageTransformer extends BaseTransformer<LibraryDeckPage> {
  constructor(
    page: LibraryDeckPage,
    protected i18n: I18n
  ) {
    super(page)
  }

  toObject() {
    const { decks, total, limit, offset } = this.resource
    return { decks: LibraryDeckTransformer.transform(decks, this.i18n), total, limit, offset }
  }
}
