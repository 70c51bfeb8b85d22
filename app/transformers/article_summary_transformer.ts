import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ArticleSummary } from '#types/articles'

/** An article as a list and an article's "others" show it. */
export default class ArticleSummaryTransformer extends BaseTransformer<ArticleSummary> {
  toObject() {
    return this.pick(this.resource, ['slug', 'href', 'title', 'description', 'date'])
  }
}
