import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { articleList, articlePage } from '#queries/articles/article_pages'
import type { ArticleKind } from '#types/articles'
import ArticlePageTransformer from '#transformers/article_page_transformer'
import ArticleSummaryTransformer from '#transformers/article_summary_transformer'

/** A list page: its title, introduction and address, and each article's summary. */
function list(ctx: HttpContext, kind: ArticleKind) {
  const { articles, ...page } = articleList(i18nFor(ctx), kind)
  return ctx.inertia.render('marketing/articles', {
    ...page,
    articles: ArticleSummaryTransformer.transform(articles),
  })
}

/** An article: one item (its blocks are a union, which a collection's type would flatten). */
async function article(ctx: HttpContext, kind: ArticleKind) {
  const page = await articlePage(i18nFor(ctx), kind, ctx.params.slug)
  return ctx.inertia.render('marketing/article', {
    article: ArticlePageTransformer.transform(page),
  })
}

/**
 * The guides, the solutions and the blog: open to everyone, server-rendered, in the reader's language; an
 * unknown slug is the 404 page.
 */
export default class ArticlesController {
  /** GET /guides */
  async guides(ctx: HttpContext) {
    return list(ctx, 'guides')
  }

  /** GET /guides/:slug */
  async guide(ctx: HttpContext) {
    return article(ctx, 'guides')
  }

  /** GET /solutions/:slug */
  async solution(ctx: HttpContext) {
    return article(ctx, 'solutions')
  }

  /** GET /blog */
  async blog(ctx: HttpContext) {
    return list(ctx, 'blog')
  }

  /** GET /blog/:slug */
  async post(ctx: HttpContext) {
    return article(ctx, 'blog')
  }
}
