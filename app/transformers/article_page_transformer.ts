import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ArticlePage } from '#types/articles'
import ArticleSummaryTransformer from '#transformers/article_summary_transformer'

/**
 * An article's page: its words in the reader's language, its screenshots, the
 * canonical address and the other articles of its kind. The page takes these
 * keys as its props; its blocks are a union (heading, paragraph, list, image),
 * which a collection's type would flatten, so they stay one list here.
 */
export default class ArticlePageTransformer extends BaseTransformer<ArticlePage> {
  toObject() {
    const page = this.resource
    return {
      ...this.pick(page, ['slug', 'href', 'title', 'description', 'date', 'kind', 'canonical']),
      blocks: structuredClone(page.blocks),
      others: ArticleSummaryTransformer.transform(page.others),
    }
  }
}
