import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/user'
import { refetchDeckIds } from '#services/refetch_deck_ids'
import { assertNotInMaintenance } from '#services/client_gate'
import { masqueradingAdminId } from '#services/admin_tokens'

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
      throw new authErrors.E_UNAUTHORIZED_ACCESS('Unauthorized access', {
        guardDriverName: 'access_tokens',
      })
    }
    /* an admin's masquerade token is marked on every answer and never gets a successor: it just ends */
    const masquerade = masqueradingAdminId(token)
    if (masquerade) ctx.response.header('x-masquerade', String(masquerade))
    else if (User.accessTokens.expiresSoon(token)) {
      const bearer = ctx.request.header('authorization')?.replace(/^Bearer\s+/i, '') ?? ''
      const successor = await User.accessTokens.successorOf(token, bearer)
      if (successor) ctx.response.header('x-user-token', successor)
    }
    /* maintenance (remote flags, no query): users created before it started get 503 E_MAINTENANCE */
    assertNotInMaintenance(user)
    /* shared decks another client changed: one indexed read, and only for users in a shared deck */
    if (user.inSharedDecks) {
      const ids = await refetchDeckIds(token.identifier as string, user.id)
      if (ids.length) ctx.response.header('refetch_deck_ids', ids.join(','))
    }
    return next()
  }
}
