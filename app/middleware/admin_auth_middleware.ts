import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors as authErrors } from '@adonisjs/auth'
import type User from '#models/user'
import { adminFromHeader } from '#services/admin_tokens'

/**
 * The admin API: the Admin-Authorization header alone authenticates (no
 * bearer token needed). A missing, bad or expired admin token, or one whose
 * owner is no longer an admin, is a 401.
 */
export default class AdminAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const found = await adminFromHeader(ctx.request.header('admin-authorization'))
    if (!found)
      throw new authErrors.E_UNAUTHORIZED_ACCESS('Unauthorized access', {
        guardDriverName: 'access_tokens',
      })
    ctx.admin = found
    return next()
  }
}

declare module '@adonisjs/core/http' {
  interface HttpContext {
    /** the admin of an admin API call and the token presented (AdminAuthMiddleware) */
    admin?: { admin: User; token: string }
  }
}
