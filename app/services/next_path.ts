import type { HttpContext } from '@adonisjs/core/http'

const ORIGIN = 'http://mnemo.invalid'

/**
 * A place to return to after signing in: a path on this site, with its
 * query, never another site. `//evil.example`, `/\evil.example` and
 * absolute URLs are refused; so is anything the URL parser would read as
 * another host (it drops tabs and line breaks, and reads `\` as `/`).
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null
  let url: URL
  try {
    url = new URL(value, ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== ORIGIN) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The sign-in page, remembering the page a signed-out visitor asked for (path and query). */
export function signInPathFor(ctx: HttpContext) {
  const next = safeNextPath(ctx.request.url(true))
  return next && next !== '/' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in'
}

/** Where a sign-in (any way: form, link, Google, Apple, sign-up) goes: the remembered page, once, else home. */
export function afterSignInPath(ctx: HttpContext) {
  return safeNextPath(ctx.session.pullIntendedUrl()) ?? '/'
}

/**
 * Where a new account goes: the remembered page, else the onboarding (which can be skipped); an upgraded guest
 * goes home.
 */
export function afterSignUpPath(ctx: HttpContext, newcomer: boolean) {
  const intended = safeNextPath(ctx.session.pullIntendedUrl())
  return intended ?? (newcomer ? '/onboarding' : '/')
}
