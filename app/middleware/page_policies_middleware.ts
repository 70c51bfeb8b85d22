import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { PERMISSIONS_POLICY, REFERRER_POLICY } from '#services/content_security'

/**
 * The pages' Referrer-Policy and Permissions-Policy, next to shield's Content-Security-Policy
 * (docs/decisions/0057-security-headers.md).
 */
export default class PagePoliciesMiddleware {
  handle({ response }: HttpContext, next: NextFn) {
    response.header('Referrer-Policy', REFERRER_POLICY)
    response.header('Permissions-Policy', PERMISSIONS_POLICY)
    return next()
  }
}
