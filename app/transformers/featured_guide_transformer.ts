import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { FEATURED_GUIDES } from '#services/articles/featured_guides'
import { appUrl } from '#config/app'

/** A featured guide (GET guides/featured): its title in the reader's language and its page's address. */
export default class FeaturedGuideTransformer extends BaseTransformer<
  (typeof FEATURED_GUIDES)[number]
> {
  constructor(
    guide: (typeof FEATURED_GUIDES)[number],
    protected i18n: I18n
  ) {
    super(guide)
  }

  toObject() {
    const guide = this.resource
    return {
      id: guide.id,
      title: this.i18n.t(`articles.guides.${guide.id}.title`),
      url: `${appUrl}${guide.path}`,
    }
  }
}
