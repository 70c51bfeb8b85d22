import { DateTime } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import User from '#models/user'

/* A token with less than this left is replaced; the fresh one rides in x-user-token. */
const REFRESH_WITHIN_DAYS = 7

/** Bearer-token authentication for the mobile API. */
export default class ApiAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = await ctx.auth.use('api').authenticate()
    const token = user.currentAccessToken
    if (token.expiresAt && DateTime.fromJSDate(token.expiresAt).diffNow('days').days < REFRESH_WITHIN_DAYS) {
      const fresh = await User.accessTokens.create(user, ['*'], { name: token.name ?? undefined })
      ctx.response.header('x-user-token', fresh.value!.release())
    }
    return next()
  }
}
