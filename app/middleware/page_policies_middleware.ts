import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { PERMISSIONS_POLICY, REFERRER_POLICY } from '#services/content_security'

/* policies that govern a document: an Inertia visit's JSON answer is read by the page, never shown */
const DOCUMENT_ONLY = ['Content-Security-Policy', 'Permissions-Policy', 'X-Frame-Options']

/**
 * The pages' Referrer-Policy and Permissions-Policy, next to shield's Content-Security-Policy
 * (docs/decisions/0057-security-headers.md). An Inertia visit's JSON page object goes without the
 * document-only ones: the page that asked keeps its own, and the 3-second deck poll carried a
 * kilobyte of them (issue 33).
 */
export default class PagePoliciesMiddleware {
  async handle({ response }: HttpContext, next: NextFn) {
    response.header('Referrer-Policy', REFERRER_POLICY)
    response.header('Permissions-Policy', PERMISSIONS_POLICY)
    await next()
    /* X-Inertia: true marks a page object (JSON); the first load's HTML document has no such header */
    if (response.getHeader('X-Inertia'))
      DOCUMENT_ONLY.forEach((name) => response.removeHeader(name))
  }
}
