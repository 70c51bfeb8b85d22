import type { HttpContext } from '@adonisjs/core/http'
import { wrappedYear } from '#queries/study/wrapped'
import { renderWrappedImage } from '#services/wrapped_image'
import { i18nFor } from '#services/request_locale'
import { wrappedValidator } from '#validators/study'
import type User from '#models/user'

/**
 * The year in review's share image (PNG), for the apps (bearer) and the page (session); always the caller's
 * own year.
 */
export default class WrappedShareController {
  private async send(ctx: HttpContext, user: User) {
    const { year } = await ctx.request.validateUsing(wrappedValidator)
    const wrapped = await wrappedYear(user, year ?? Number(user.today().slice(0, 4)))
    const png = await renderWrappedImage(i18nFor(ctx), wrapped, user.name ?? user.username ?? '')
    ctx.response.header('content-type', 'image/png')
    ctx.response.header('cache-control', 'private, no-store')
    ctx.response.header('content-disposition', `inline; filename="mnemo-${wrapped.year}.png"`)
    return ctx.response.send(png)
  }

  /** GET /api/users/wrapped/share.png?year */
  async api(ctx: HttpContext) {
    return this.send(ctx, ctx.auth.use('api').getUserOrFail())
  }

  /** GET /wrapped/share.png?year */
  async web(ctx: HttpContext) {
    return this.send(ctx, ctx.auth.use('web').getUserOrFail())
  }
}
