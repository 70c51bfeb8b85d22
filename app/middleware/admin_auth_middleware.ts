import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'
import { adminFromHeader } from '#services/admin_tokens'

/**
 * The admin API: the Admin-Authorization header alone authenticates (no
 * bearer token needed). A missing, bad or expired admin token, or one whose
 * owner is no longer an admin, is a 403 E_ADMIN_TOKEN_INVALID: a 401 is
 * only ever about the bearer token, which the apps answer by signing out.
 */
export default class AdminAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const found = await adminFromHeader(ctx.request.header('admin-authorization'))
    if (!found) throw ApiException.of('E_ADMIN_TOKEN_INVALID')
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
