import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { remoteFlag } from '#services/remote_flags'
import { activeBanners } from '#services/flag_shapes'

/*
 * The banners of the remote flags on signed-in pages: the `banners` flag's
 * active ones (before their `until`) in the reader's language, and the
 * lifetime-plan offer while `lifetime_banner` is on, for learners without
 * premium (a lifetime plan is premium). Each can be dismissed on this
 * browser: a cookie of dismissed ids (365 days, as the other notices), read
 * here, so the server renders the page without them and nothing flickers.
 */
export const BANNERS_COOKIE = 'dismissed_banners'
/* no banner id has a "~" (flag_shapes.ts), so the offer never shares a dismissal with a banner */
const LIFETIME_BANNER_ID = '~lifetime'
const DISMISSABLE = /^(~lifetime|[A-Za-z0-9_-]{1,64})$/
/* the cookie keeps the latest dismissals only: old banners' ids need not stay */
const KEPT = 40

export function isDismissableBanner(id: string) {
  return DISMISSABLE.test(id)
}

function dismissedBanners(ctx: Partial<HttpContext>): string[] {
  const raw = ctx.request?.plainCookie(BANNERS_COOKIE, { encoded: false })
  if (typeof raw !== 'string') return []
  return raw.split('.').filter((id) => isDismissableBanner(id))
}

/** The cookie's value once `id` is dismissed too. */
export function withDismissedBanner(ctx: Partial<HttpContext>, id: string) {
  const kept = dismissedBanners(ctx).filter((other) => other !== id)
  return [...kept, id].slice(-KEPT).join('.')
}

/** What the layout shows above a signed-in page (nothing for visitors). */
export function bannersShared(ctx: Partial<HttpContext>, user: User | undefined, locale: string) {
  if (!user) return { banners: [], lifetime: false }
  const dismissed = new Set(dismissedBanners(ctx))
  return {
    banners: activeBanners(remoteFlag('banners'), locale, dismissed),
    lifetime:
      remoteFlag('lifetime_banner') && !user.hasPremium && !dismissed.has(LIFETIME_BANNER_ID),
  }
}
