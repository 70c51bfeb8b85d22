import compression from 'compression'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import env from '#start/env'

/*
 * Issue 33: answers compressed with what the browser accepts (brotli, then
 * gzip), when nothing in front of the app does it (COMPRESSION=proxy leaves
 * it to the proxy). The `compression` package wraps Node's own response, so
 * everything the app writes passes through it: pages, JSON, static files.
 * Server-sent events are left alone (a compressor holds bytes back that a
 * live stream must send at once); so is anything under a kilobyte, anything
 * already compressed (pictures, sound, zips) and `Cache-Control: no-transform`.
 */
const compress = compression({
  threshold: 1024,
  filter: (request, response) =>
    !String(response.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
    compression.filter(request, response),
})

export default class CompressionMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    if (env.get('COMPRESSION', 'app') === 'proxy') return next()
    compress(ctx.request.request as never, ctx.response.response as never, () => {})
    return next()
  }
}
