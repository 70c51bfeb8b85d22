import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { LibraryHome } from '#queries/library/library_home'
import LibraryCategoryTreeTransformer from '#transformers/library_category_tree_transformer'
import LibraryDeckTransformer from '#transformers/library_deck_transformer'
import PopularSearchTransformer from '#transformers/popular_search_transformer'

/** The library's front page as the API answers it (GET v2/library): the page takes the same lists as props. */
export default class LibraryTransformer extends BaseTransformer<LibraryHome> {
  constructor(
    home: LibraryHome,
    protected i18n: I18n
  ) {
    super(home)
  }

  toObject() {
    const { tree, trending, popular, fresh, searches } = this.resource
    return {
      categories: LibraryCategoryTreeTransformer.transform(tree, this.i18n),
      trending: LibraryDeckTransformer.transform(trending, this.i18n),
      popular: LibraryDeckTransformer.transform(popular, this.i18n),
      new: LibraryDeckTransformer.transform(fresh, this.i18n),
      popularSearches: PopularSearchTransformer.transform(searches),
    }
  }
}
