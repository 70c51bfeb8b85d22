import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'

/**
 * A flash read by the Inertia middleware: the next page tells the browser to
 * forget the pages it keeps in its history (Inertia keeps each page's props
 * there, encrypted with a key that this drops), so Back after a sign-out
 * asks the server again instead of showing the last learner's page.
 */
export const CLEAR_HISTORY_FLASH = 'clearHistory'

/** The browser's session now belongs to `user`. */
export async function signInWeb(ctx: HttpContext, user: User) {
  await ctx.auth.use('web').login(user)
  ctx.session.flash(CLEAR_HISTORY_FLASH, true)
}

/** Nobody is signed in any more. */
export async function signOutWeb(ctx: HttpContext) {
  await ctx.auth.use('web').logout()
  ctx.session.flash(CLEAR_HISTORY_FLASH, true)
}
