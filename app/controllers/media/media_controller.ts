import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import { findMedia } from '#queries/media/find_media'

/**
 * Serves uploaded media to whoever may see it (its owner, and the participants
 * of a shared deck that shows it: find_media.ts), by web
 * session or bearer token. Files never execute: a sandboxing CSP and nosniff
 * make even an SVG opened directly inert.
 */
export default class MediaController {
  async show(ctx: HttpContext) {
    const user = (await ctx.auth.use('web').check())
      ? ctx.auth.use('web').user
      : (await ctx.auth.use('api').check())
        ? ctx.auth.use('api').user
        : null
    const embed = ctx.request.qs().embed
    const media = await findMedia(
      user,
      String(ctx.params.key),
      typeof embed === 'string' ? embed : undefined
    )
    const stream = await drive.use().getStream(`media/${media.key}`)
    ctx.response.header('Content-Type', media.mime)
    ctx.response.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; sandbox"
    )
    ctx.response.header('X-Content-Type-Options', 'nosniff')
    ctx.response.header('Cache-Control', 'private, max-age=31536000, immutable')
    return ctx.response.stream(stream)
  }
}
