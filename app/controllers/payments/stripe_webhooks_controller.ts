import type { HttpContext } from '@adonisjs/core/http'
import { processStripeEvent } from '#actions/payments/process_stripe_event'
import ApiException from '#exceptions/api_exception'
import { stripe, verifiedEvent } from '#services/stripe'
import AcknowledgementTransformer from '#transformers/acknowledgement_transformer'
import { serialize } from '#transformers/serialize'

/**
 * POST /api/webhooks/stripe: Stripe's events, their signature checked on the raw
 * body with the endpoint secret (outside CSRF: Stripe signs, it has no
 * session). Unsigned or forged → 400 and nothing changes.
 */
export default class StripeWebhooksController {
  async handle({ request, response }: HttpContext) {
    stripe()
    const event = verifiedEvent(request.raw() ?? '', request.header('stripe-signature'))
    if (!event) throw ApiException.of('E_WEBHOOK_SIGNATURE')
    await processStripeEvent({ event })
    const received = AcknowledgementTransformer.transform({ received: true as const })
    return response.ok(await serialize(received))
  }
}
