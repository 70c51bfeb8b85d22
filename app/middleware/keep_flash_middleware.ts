import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { wantsJson } from '#services/request_locale'

/**
 * A page's JSON calls (previews, polls, uploads, the study answers) keep the
 * flash messages meant for the page. A form's redirect leaves its toast in
 * the session for the next page load; reading the session ends the flash, so
 * a background call landing between the redirect and that load would take
 * the toast with it. Page visits and form posts are left alone: they show
 * the flash, or replace it. Kept before the handler runs, so a call that
 * fails (422, 404) keeps it too. Only a flash there is reflashed: reflashing
 * nothing still writes the session, and a call that read it before a form's
 * post landed would then write over the toast that post left (the editor's
 * preview racing its Add lost "Card added").
 */
export default class KeepFlashMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    if (wantsJson(ctx) && !ctx.session.flashMessages.isEmpty) ctx.session.reflash()
    return next()
  }
}
