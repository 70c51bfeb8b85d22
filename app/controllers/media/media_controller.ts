import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import { findMedia } from '#queries/media/find_media'
import { readMediaLink } from '#services/media/media_links'

/**
 * Serves uploaded media to whoever may see it (its owner, and the participants
 * of a shared deck that shows it: find_media.ts), by web session, bearer
 * token, or a signed link the API handed out (`?sig=`: media_links.ts), which
 * needs no header at all: a WebView showing a card loads it as it is. A signed
 * link is a credential for its grantee only, asked again here whether they
 * still see the file. Files never execute: a sandboxing CSP and nosniff make
 * even an SVG opened directly inert.
 */
export default class MediaController {
  async show(ctx: HttpContext) {
    const key = String(ctx.params.key)
    const { sig, embed } = ctx.request.qs()
    const link = typeof sig === 'string' ? readMediaLink(key, sig) : null
    const user = link
      ? link.grantee
      : (await ctx.auth.use('web').check())
        ? ctx.auth.use('web').user
        : (await ctx.auth.use('api').check())
          ? ctx.auth.use('api').user
          : null
    const media = await findMedia(user, key, !link && typeof embed === 'string' ? embed : undefined)
    const stream = await drive.use().getStream(`media/${media.key}`)
    ctx.response.header('Content-Type', media.mime)
    ctx.response.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; sandbox"
    )
    ctx.response.header('X-Content-Type-Options', 'nosniff')
    /* a signed link is kept no longer than it is valid, and by no shared cache */
    ctx.response.header(
      'Cache-Control',
      link
        ? `private, max-age=${Math.max(0, link.expires - Math.floor(Date.now() / 1000))}`
        : 'private, max-age=31536000, immutable'
    )
    return ctx.response.stream(stream)
  }
}
