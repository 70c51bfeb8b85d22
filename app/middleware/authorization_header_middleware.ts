import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/* the scheme, any run of spaces or tabs, the credentials */
const SCHEME_AND_CREDENTIALS = /^([^\s]+)[ \t]+([^\s].*)$/

/**
 * `Authorization: Bearer  <token>` (two or more spaces, or a tab, as some
 * HTTP libraries write it) is the same credential as with one space: the
 * header is rewritten with a single space before anything reads it. The
 * access-token guard of @adonisjs/auth splits at the first space only, so
 * without this every door that takes a bearer token (the API, the web's
 * /media) answered 401 to a valid token. Admin-Authorization likewise.
 */
export default class AuthorizationHeaderMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const headers = ctx.request.request.headers
    for (const name of ['authorization', 'admin-authorization']) {
      const value = headers[name]
      if (typeof value !== 'string') continue
      const match = SCHEME_AND_CREDENTIALS.exec(value.trim())
      if (match) headers[name] = `${match[1]} ${match[2].trim()}`
    }
    return next()
  }
}
