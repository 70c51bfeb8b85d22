import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import ApiException from '#exceptions/api_exception'
import {
  MAX_KEY_LENGTH,
  claimKey,
  fingerprintOf,
  keepReply,
  releaseKey,
  replay,
  replyOf,
  scopeOf,
} from '#services/idempotency'

/* answers that say the request did not run, or may run if sent again: never kept */
const notKept = (status: number) => status >= 500 || status === 401 || status === 429

/**
 * An API POST sent with an Idempotency-Key header runs once
 * (docs/decisions/0084-idempotent-posts.md): the same key with the same
 * request within 24 hours answers the first answer again (status, body, the
 * Location and content headers, and Idempotent-Replayed: true), 409 while
 * the first still runs, 422 when the key came with another request. On the
 * API's route groups after their authentication (the key is the user's);
 * other methods pass through.
 */
export default class IdempotencyMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const key = ctx.request.header('idempotency-key')
    if (key === undefined || ctx.request.method() !== 'POST') return next()
    if (!key.trim() || key.length > MAX_KEY_LENGTH)
      throw ApiException.of('E_IDEMPOTENCY_KEY_INVALID', {
        apiField: 'Idempotency-Key',
        values: { max: MAX_KEY_LENGTH },
      })
    const claim = await claimKey(await scopeOf(ctx), key, {
      method: ctx.request.method(),
      path: ctx.request.url(),
      fingerprint: await fingerprintOf(ctx),
    })
    if (claim.outcome === 'mismatch')
      throw ApiException.of('E_IDEMPOTENCY_KEY_REUSED', { apiField: 'Idempotency-Key' })
    if (claim.outcome === 'in_flight') {
      ctx.response.header('Retry-After', '1')
      throw ApiException.of('E_IDEMPOTENT_REQUEST_IN_FLIGHT')
    }
    if (claim.outcome === 'replay') return replay(ctx, claim.reply)

    try {
      await next()
    } catch (error) {
      await releaseKey(claim.id)
      throw error
    }
    /* a body cut off on its way (an upload the route streams) is a request that never fully came */
    const cutOff = !ctx.request.request.complete
    const reply = cutOff || notKept(ctx.response.getStatus()) ? null : replyOf(ctx)
    if (reply) await keepReply(claim.id, reply)
    else await releaseKey(claim.id)
  }
}
