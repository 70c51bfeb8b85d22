import type { HttpContext } from '@adonisjs/core/http'

/**
 * Whether the request takes `name` (q above 0), whatever its place in the
 * header: browsers list `gzip, deflate, br, zstd` with equal weight, and
 * brotli, the smaller, is then sent.
 */
export function acceptsEncoding(ctx: HttpContext, name: 'br' | 'gzip') {
  return ctx.request.encoding([name]) === name
}
