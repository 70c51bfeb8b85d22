import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Every page and answer the app builds depends on who asks (the nav shows
 * the learner, the home page is their decks), so none is stored: after
 * "Log out", the browser's Back cannot bring a private page back from its
 * cache. Set before the handler runs, so a response that may be kept (media,
 * avatars) says so itself.
 */
export default class NoStoreMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    ctx.response.header('Cache-Control', 'no-store')
    return next()
  }
}
