import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type LibraryCategory from '#models/library_category'
import { appUrl } from '#config/app'

export const libraryIconUrl = (icon: string) => `${appUrl}/library/icons/${icon}.svg`

/** The spec's library category: key, name, icons, gradient; a subcategory names its parent's key too. */
export default class LibraryCategoryTransformer extends BaseTransformer<LibraryCategory> {
  constructor(
    category: LibraryCategory,
    protected i18n: I18n,
    protected parent: LibraryCategory | null = null
  ) {
    super(category)
  }

  toObject() {
    const { resource: category, parent } = this
    return {
      key: category.key,
      name: parent
        ? this.i18n.t(`ui.library.categories.${parent.key}.subs.${category.key}`)
        : this.i18n.t(`ui.library.categories.${category.key}.name`),
      iconUrl: libraryIconUrl(category.icon),
      listIconUrl: `${libraryIconUrl(category.icon)}?variant=list`,
      gradientColors: { from: category.gradientFrom, to: category.gradientTo },
      ...(parent ? { categoryKey: parent.key } : {}),
    }
  }
}
