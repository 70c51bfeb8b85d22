import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'

/*
 * A web masquerade: the browser's session is signed in as the user, and
 * remembers the admin (id and session epoch) to return to. The user's own
 * sessions and tokens are untouched.
 */
export const MASQUERADE_KEY = 'adminMasquerade'
export const MASQUERADE_WEB_MINUTES = 60

export type WebMasquerade = {
  adminId: number
  adminEpoch: number
  userId: number
  startedAt: number
}

export function webMasquerade(ctx: Partial<HttpContext>): WebMasquerade | null {
  const value = ctx.session?.get(MASQUERADE_KEY) as WebMasquerade | undefined
  return value && typeof value.adminId === 'number' && typeof value.userId === 'number'
    ? value
    : null
}

/** What every page knows of the admin area: the masquerade banner and the admin's debug panel. */
export function adminShared(ctx: Partial<HttpContext>) {
  const user = ctx.auth?.user as User | undefined
  const masquerade = webMasquerade(ctx)
  const banner =
    masquerade && user && user.id === masquerade.userId
      ? {
          adminId: masquerade.adminId,
          userId: user.id,
          userLabel: user.email ?? user.name ?? `#${user.id}`,
          until: new Date(masquerade.startedAt + MASQUERADE_WEB_MINUTES * 60_000).toISOString(),
        }
      : null
  const level = user?.isAdmin ? (user.debugMenu ?? 'none') : 'none'
  const debug =
    level === 'none'
      ? null
      : {
          level,
          userId: user!.id,
          requestId: level === 'full' ? (ctx.request?.id() ?? null) : null,
          experiments: level === 'full' ? (user!.experiments ?? {}) : null,
          premium: user!.hasPremium,
        }
  return { isAdmin: Boolean(user?.isAdmin), masquerade: banner, debug }
}
