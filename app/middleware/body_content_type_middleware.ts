import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import ApiException from '#exceptions/api_exception'
import bodyParserConfig from '#config/bodyparser'
import { isApiRequest } from '#services/request_locale'

/* what the body parser reads (config/bodyparser.ts): any other body would reach the routes as no body at all */
const PARSED = [
  ...bodyParserConfig.json.types,
  ...bodyParserConfig.multipart.types,
  ...bodyParserConfig.form.types,
]

const hasBody = (ctx: HttpContext) => {
  const length = Number(ctx.request.header('content-length') ?? 0)
  return length > 0 || ctx.request.header('transfer-encoding') !== undefined
}

/**
 * An API body sent as text/plain, or with no Content-Type at all, was never
 * parsed and every route answered "deck: required" as if nothing had been
 * sent: it is 415 E_UNSUPPORTED_CONTENT_TYPE instead, naming the type it
 * came as and the one expected (JSON; multipart or a form also do).
 */
export default class BodyContentTypeMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    if (
      isApiRequest(ctx) &&
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.request.method()) &&
      hasBody(ctx) &&
      !ctx.request.is(PARSED)
    ) {
      const type = ctx.request.header('content-type')?.split(';')[0].trim() || 'no Content-Type'
      throw ApiException.of('E_UNSUPPORTED_CONTENT_TYPE', { values: { type } })
    }
    return next()
  }
}
