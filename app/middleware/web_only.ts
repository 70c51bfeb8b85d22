import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isCookieless } from '#services/request_locale'

type Handler = { handle(ctx: HttpContext, next: NextFn): unknown }
type Loader = () => Promise<{ default: new (...args: any[]) => Handler }>

/**
 * Middleware that only pages need, run as one chain for web requests and
 * skipped for /api: a bearer-token call carries no cookie, so it has no
 * session to read or write, no CSRF token to check, no Inertia visit and no
 * static file or Vite asset to serve. Each middleware is built through the
 * container per request, as the server builds its own.
 */
export function webOnly(loaders: Loader[]) {
  let classes: Awaited<ReturnType<Loader>>['default'][] | null = null
  return class WebOnlyMiddleware {
    async handle(ctx: HttpContext, next: NextFn) {
      if (isCookieless(ctx)) return next()
      classes ??= await Promise.all(loaders.map((load) => load().then((loaded) => loaded.default)))
      const chain = classes
      const run = async (index: number): Promise<unknown> => {
        if (index === chain.length) return next()
        const middleware = await ctx.containerResolver.make(chain[index])
        return middleware.handle(ctx, () => run(index + 1))
      }
      return run(0)
    }
  }
}
