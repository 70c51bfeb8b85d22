import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CategoryNode } from '#queries/library/categories'
import LibraryCategoryTransformer from '#transformers/library_category_transformer'

/** A top category of the library with its subcategories (the category list and the library's home). */
export default class LibraryCategoryTreeTransformer extends BaseTransformer<CategoryNode> {
  constructor(
    node: CategoryNode,
    protected i18n: I18n
  ) {
    super(node)
  }

  toObject() {
    const { category, subcategories } = this.resource
    return {
      ...new LibraryCategoryTransformer(category, this.i18n).toObject(),
      /* built here: a collection nested below a list's items would be dropped by the serializer */
      subcategories: subcategories.map((sub) =>
        new LibraryCategoryTransformer(sub, this.i18n, category).toObject()
      ),
    }
  }
}
