import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/user'

/**
 * Bearer-token authentication for the mobile API. A successor used for the
 * first time takes over from its token; near expiry, the token's one
 * successor rides in x-user-token (see User.accessTokens).
 */
export default class ApiAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = await ctx.auth.use('api').authenticate()
    const token = user.currentAccessToken
    if (!(await User.accessTokens.takeOver(token))) {
      throw new authErrors.E_UNAUTHORIZED_ACCESS('Unauthorized access', { guardDriverName: 'access_tokens' })
    }
    if (User.accessTokens.expiresSoon(token)) {
      const bearer = ctx.request.header('authorization')?.replace(/^Bearer\s+/i, '') ?? ''
      const successor = await User.accessTokens.successorOf(token, bearer)
      if (successor) ctx.response.header('x-user-token', successor)
    }
    return next()
  }
}
