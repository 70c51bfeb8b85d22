import env from '#start/env'
import type { HttpContext } from '@adonisjs/core/http'

/** The support mailbox (contact support, the help centre) and the mobile apps' store pages (the app banners). */
export const clientLinks = {
  supportEmail: env.get('SUPPORT_EMAIL') ?? 'support@mnemo.app',
  appStoreUrl: env.get('MOBILE_APP_STORE_URL') ?? 'https://apps.apple.com/app/mnemo',
  playStoreUrl:
    env.get('MOBILE_PLAY_STORE_URL') ?? 'https://play.google.com/store/apps/details?id=app.mnemo',
}

/*
 * Notices a visitor can dismiss for good (signed in or not): the rebrand
 * notice and the mobile-app banner. Remembered in a cookie for 365 days
 * (spec §3: cookies last 365 days), so the server renders the page without
 * them and nothing flickers.
 */
export const NOTICES = ['rebrand', 'app_banner'] as const
export type Notice = (typeof NOTICES)[number]
export const NOTICES_COOKIE = 'dismissed_notices'

export function dismissedNotices(ctx: Partial<HttpContext>): Notice[] {
  const raw = ctx.request?.plainCookie(NOTICES_COOKIE, { encoded: false })
  if (typeof raw !== 'string') return []
  return raw
    .split('.')
    .filter((name): name is Notice => (NOTICES as readonly string[]).includes(name))
}

/** What the layout shows: the notices not dismissed, and where the banner and "contact support" lead. */
export function noticesShared(ctx: Partial<HttpContext>) {
  const dismissed = dismissedNotices(ctx)
  return {
    rebrand: !dismissed.includes('rebrand'),
    appBanner: !dismissed.includes('app_banner'),
    ...clientLinks,
  }
}
