import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { articleList, articlePage } from '#queries/articles/article_pages'

/** The guides, the solutions and the blog: open to everyone, server-rendered, in the reader's language; an unknown slug is the 404 page. */
export default class ArticlesController {
  /** GET /guides */
  async guides(ctx: HttpContext) {
    return ctx.inertia.render('marketing/articles', articleList(i18nFor(ctx), 'guides'))
  }

  /** GET /guides/:slug */
  async guide(ctx: HttpContext) {
    return ctx.inertia.render('marketing/article', await articlePage(i18nFor(ctx), 'guides', ctx.params.slug))
  }

  /** GET /solutions/:slug */
  async solution(ctx: HttpContext) {
    return ctx.inertia.render('marketing/article', await articlePage(i18nFor(ctx), 'solutions', ctx.params.slug))
  }

  /** GET /blog */
  async blog(ctx: HttpContext) {
    return ctx.inertia.render('marketing/articles', articleList(i18nFor(ctx), 'blog'))
  }

  /** GET /blog/:slug */
  async post(ctx: HttpContext) {
    return ctx.inertia.render('marketing/article', await articlePage(i18nFor(ctx), 'blog', ctx.params.slug))
  }
}
