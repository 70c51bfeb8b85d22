import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isLocale } from '#services/request_locale'
import { isMessagesArea, messagesAsset } from '#services/client_messages'
import { acceptsEncoding } from '#services/accepted_encoding'

const ASSET = /^\/i18n\/([a-z]{2})\.([a-z]+)\.([0-9a-f]{16})\.js$/

/**
 * Serves the parts of the pages' translations (services/client_messages.ts) as a static
 * file is served: before the session, the auth and the no-store header, so
 * nothing about the visitor rides on it and a browser may keep it. The path's
 * hash is the content's: the current one is immutable for a year; an older
 * one (a page from before a deploy) gets today's text, kept for no time.
 */
export default class MessagesAssetMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const match = ASSET.exec(ctx.request.url())
    if (
      !match ||
      !['GET', 'HEAD'].includes(ctx.request.method()) ||
      !isLocale(match[1]) ||
      !isMessagesArea(match[2])
    )
      return next()
    const asset = messagesAsset(match[1], match[2])
    ctx.response.header('Content-Type', 'text/javascript; charset=utf-8')
    ctx.response.header(
      'Cache-Control',
      asset.version === match[3] ? 'public, max-age=31536000, immutable' : 'no-cache'
    )
    /* compressed once at its best (the compression of live answers leaves an encoded body alone) */
    const encoding = (['br', 'gzip'] as const).find((name) => acceptsEncoding(ctx, name))
    ctx.response.header('Vary', 'Accept-Encoding')
    if (encoding) {
      ctx.response.header('Content-Encoding', encoding)
      const encoded = await asset.encoded()
      return ctx.response.send(encoded[encoding])
    }
    ctx.response.send(asset.script)
  }
}
