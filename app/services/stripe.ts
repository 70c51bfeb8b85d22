import Stripe from 'stripe'
import env from '#start/env'
import ApiException from '#exceptions/api_exception'

/** The Stripe API version this code was written against: pinned, so an account upgrade changes no shape under it. */
const STRIPE_API_VERSION = '2026-10-28.endive' as const

let client: Stripe | undefined

/**
 * The configured Stripe client, or a 503 E_PAYMENTS_NOT_CONFIGURED when no
 * secret key is set (the app runs without payments). STRIPE_API_HOST/PORT/
 * PROTOCOL point it elsewhere (the tests' double, tests/support/stripe_server.ts).
 */
export function stripe(): Stripe {
  const key = env.get('STRIPE_SECRET_KEY')
  if (!key) throw ApiException.of('E_PAYMENTS_NOT_CONFIGURED')
  if (!client) {
    client = new Stripe(key, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(env.get('STRIPE_API_HOST') ? { host: env.get('STRIPE_API_HOST') } : {}),
      ...(env.get('STRIPE_API_PORT') ? { port: env.get('STRIPE_API_PORT') } : {}),
      ...(env.get('STRIPE_API_PROTOCOL') ? { protocol: env.get('STRIPE_API_PROTOCOL') } : {}),
    })
  }
  return client
}

/** Whether payments are configured at all (pages show a notice instead of a form when not). */
export const paymentsConfigured = () => Boolean(env.get('STRIPE_SECRET_KEY'))

/* Stripe's own tolerance for a signature's timestamp, in seconds, either way */
const WEBHOOK_TOLERANCE_SECONDS = 300

/** The signed timestamp of a Stripe-Signature header (`t=`; the last one, as the SDK reads it). */
function signedAt(signature: string) {
  let timestamp = Number.NaN
  for (const part of signature.split(',')) {
    const [key, value] = part.split('=')
    if (key === 't') timestamp = Number.parseInt(value, 10)
  }
  return timestamp
}

/**
 * The event a webhook request carries, its signature checked against the
 * endpoint secret on the raw body; null when unsigned, forged or stale, or
 * dated more than the tolerance ahead: the SDK only refuses the past, and an
 * event signed for later would be replayable until then.
 */
export function verifiedEvent(payload: string, signature: string | undefined): Stripe.Event | null {
  const secret = env.get('STRIPE_WEBHOOK_SECRET')
  if (!secret || !signature) return null
  try {
    const event = stripe().webhooks.constructEvent(
      payload,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS
    )
    const ahead = signedAt(signature) - Math.floor(Date.now() / 1000)
    return ahead > WEBHOOK_TOLERANCE_SECONDS ? null : event
  } catch {
    return null
  }
}

/** Turns Stripe's own errors (a missing object, a refused parameter) into the catalogue's. */
export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      if (error.statusCode === 404 || error.code === 'resource_missing')
        throw ApiException.notFound()
      throw ApiException.of('E_PAYMENT_REFUSED', { apiField: error.param || 'payment' })
    }
    if (error instanceof Stripe.errors.StripeError) {
      throw ApiException.of('E_PAYMENT_PROVIDER')
    }
    throw error
  }
}
