import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isApiRequest } from '#services/request_locale'
import { withMediaLinks, withoutMediaLinks, type MediaGrantee } from '#services/media/media_links'

/*
 * The caller an API reply's media links are signed for: the bearer token's
 * learner (asked here on a route that reads without sign-in, the library),
 * else nobody in particular.
 */
async function granteeOf(ctx: HttpContext): Promise<MediaGrantee> {
  const api = ctx.auth.use('api')
  if (api.isAuthenticated) return api.user ?? null
  if (!ctx.request.header('authorization')) return null
  return (await api.check()) ? (api.user ?? null) : null
}

/**
 * The API's one door for media links (services/media/media_links.ts). Every
 * media URL an API reply hands out works by itself (a WebView cannot add a
 * bearer header to `<img>` or `<audio>`): once the handler has answered, its
 * JSON's `/media/<key>` references become absolute signed links for the
 * caller, and avatar paths absolute. On the way in, the links a client sends
 * back (in a note's fields) become the files' paths again before any handler
 * reads the body. Pages are left alone: the session's cookie loads their
 * relative URLs.
 */
export default class ApiMediaLinksMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (!isApiRequest(ctx)) return next()
    const sent = ctx.request.body()
    const plain = withoutMediaLinks(sent)
    if (plain !== sent) ctx.request.updateBody(plain as Record<string, any>)
    await next()
    if (!ctx.response.hasContent) return
    const body = ctx.response.getBody()
    if (!body || typeof body !== 'object') return
    const linked = withMediaLinks(body, await granteeOf(ctx))
    if (linked !== body) ctx.response.send(linked)
  }
}
