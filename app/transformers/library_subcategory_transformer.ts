import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type LibraryCategory from '#models/library_category'
import type { LibraryDeckPage } from '#transformers/library_deck_page_transformer'
import LibraryCategoryTransformer from '#transformers/library_category_transformer'
import LibraryDeckTransformer from '#transformers/library_deck_transformer'

type SubcategoryPage = LibraryDeckPage & { category: LibraryCategory; subcategory: LibraryCategory }

/** A page of a subcategory's decks, with the subcategory and its category. */
export default class LibrarySubcategoryTransformer extends BaseTransformer<SubcategoryPage> {
  constructor(
    page: SubcategoryPage,
    protected i18n: I18n
  ) {
    super(page)
  }

  toObject() {
    const { category, subcategory, decks, total, limit, offset } = this.resource
    return {
      category: LibraryCategoryTransformer.transform(category, this.i18n),
      subcategory: LibraryCategoryTransformer.transform(subcategory, this.i18n, category),
      decks: LibraryDeckTransformer.transform(decks, this.i18n),
      total,
      limit,
      offset,
    }
  }
}
