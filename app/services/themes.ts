import type { HttpContext } from '@adonisjs/core/http'

/** The five appearances of the spec: light, dark, follow the system, autumn, pink. */
export const THEMES = ['light', 'dark', 'system', 'autumn', 'pink'] as const
export type Theme = (typeof THEMES)[number]
export const THEME_COOKIE = 'theme'

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
}

/** The saved choice on the user, else the cookie, else follow the system. */
export function themeFor(ctx: HttpContext): Theme {
  const user = (ctx as Partial<HttpContext>).auth?.user
  const chosen = user?.theme ?? ctx.request.plainCookie(THEME_COOKIE, { encoded: false })
  return isTheme(chosen) ? chosen : 'system'
}
