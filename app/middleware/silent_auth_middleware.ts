import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isApiRequest } from '#services/request_locale'

/** Web pages know who is signed in, without requiring it. */
export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (!isApiRequest(ctx)) await ctx.auth.check()
    return next()
  }
}
