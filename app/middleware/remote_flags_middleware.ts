import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { freshFlags } from '#services/remote_flags'
import { assertAppVersion, SERVER_MESSAGE_HEADER, serverMessageHeader } from '#services/client_gate'

/**
 * Every request: the flags' copy is brought up to date when its interval
 * passed (app/services/remote_flags.ts; otherwise no query), the server
 * message rides in its header, and an app older than min_app_version gets
 * 426 E_APP_UPDATE_REQUIRED (except on the flags themselves, which tell it
 * the versions). Maintenance needs the user: API calls check it in
 * api_auth_middleware, pages in the Inertia shared props (serverDown).
 * The health and readiness probes skip all this.
 */
/* the load balancer's probes: liveness touches nothing, readiness asks the database itself (with its own timeout) */
const PROBES = new Set(['/api/health', '/api/ready'])

export default class RemoteFlagsMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (PROBES.has(ctx.request.url())) return next()
    await freshFlags()
    const message = serverMessageHeader()
    if (message) ctx.response.header(SERVER_MESSAGE_HEADER, message)
    if (ctx.request.url() !== '/api/remote_flags') assertAppVersion(ctx)
    return next()
  }
}
