import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { serviceWorkerScript } from '#services/offline/service_worker_script'

/**
 * Serves the service worker at the site's root (its scope is the whole app:
 * docs/offline.md) as a static file is served, before the session and the
 * no-store header: nothing about the visitor rides on it. The browser checks
 * it on every visit (no-cache), so a new build is found at the next one.
 */
export default class ServiceWorkerMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (ctx.request.url() !== '/sw.js' || !['GET', 'HEAD'].includes(ctx.request.method()))
      return next()
    ctx.response.header('Content-Type', 'text/javascript; charset=utf-8')
    ctx.response.header('Cache-Control', 'no-cache')
    ctx.response.send(await serviceWorkerScript())
  }
}
