import type { HttpContext } from '@adonisjs/core/http'
import transmit from '@adonisjs/transmit/services/main'
import ApiException from '#exceptions/api_exception'
import { transmitChannelValidator, transmitUidValidator } from '#validators/ai_generation'
import { isStreamChannel } from '#services/ai_events'
import { listenForBroadcasts } from '#services/pg_bus_transport'
import {
  listenForRelay,
  streamOpened,
  subscribeElsewhere,
  unsubscribeElsewhere,
} from '#services/transmit_relay'

const refused = () => ApiException.of('E_FORBIDDEN')

/**
 * transmit's three routes (server-sent events), written here rather than
 * registered by transmit.registerRoutes(): the input is validated (a
 * missing uid is a 422, not transmit's 500), only our channels exist
 * (anything else is refused instead of being an open channel), and only a
 * signed-in user reaches them (the auth middleware). Authorization per
 * channel: start/routes/web_ai.ts.
 */
export default class TransmitController {
  async events(ctx: HttpContext) {
    const { uid } = await ctx.request.validateUsing(transmitUidValidator)
    /* the page's subscribe may reach another node, which asks this one to subscribe the stream */
    await listenForRelay()
    const closed = await streamOpened(uid)
    const stream = transmit.createStream({
      uid,
      context: ctx,
      request: ctx.request.request,
      response: ctx.response.response,
      injectResponseHeaders: ctx.response.getHeaders(),
    })
    ctx.response.response.once('close', closed)
    return ctx.response.stream(stream)
  }

  async subscribe(ctx: HttpContext) {
    const { uid, channel } = await ctx.request.validateUsing(transmitChannelValidator)
    if (!isStreamChannel(channel)) throw refused()
    if (!(await transmit.getManager().verifyAccess(channel, ctx))) throw refused()
    /* the stream is held here, or by another node (no sticky sessions: app/services/transmit_relay.ts) */
    const here = await transmit.subscribe({ uid, channel, context: ctx, skipAuthorization: true })
    if (!here && !(await subscribeElsewhere(uid, channel))) throw refused()
    /* from now on this process hears the worker's broadcasts (config/transmit.ts) */
    await listenForBroadcasts()
    return ctx.response.noContent()
  }

  async unsubscribe(ctx: HttpContext) {
    const { uid, channel } = await ctx.request.validateUsing(transmitChannelValidator)
    await transmit.unsubscribe({ uid, channel, context: ctx })
    await unsubscribeElsewhere(uid, channel)
    return ctx.response.noContent()
  }
}
