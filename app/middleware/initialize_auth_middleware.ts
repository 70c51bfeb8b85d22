import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticator } from '@adonisjs/auth'
import type { Authenticators, GuardFactory } from '@adonisjs/auth/types'
import { isCookieless } from '#services/request_locale'

/**
 * ctx.auth for every request, as @adonisjs/auth's own middleware makes it,
 * but shared with the Edge templates only for pages: reaching for ctx.view
 * builds a template renderer, which looks for components on disk, on every
 * /api call that never renders a template.
 */
export default class InitializeAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const manager = await ctx.containerResolver.make('auth.manager')
    ctx.auth = manager.createAuthenticator(ctx)
    if (!isCookieless(ctx) && 'view' in ctx) ctx.view.share({ auth: ctx.auth })
    return next()
  }
}

declare module '@adonisjs/core/http' {
  interface HttpContext {
    auth: Authenticator<
      Authenticators extends Record<string, GuardFactory> ? Authenticators : never
    >
  }
}
