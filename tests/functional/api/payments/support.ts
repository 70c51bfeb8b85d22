import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { signPayload, stripeEvent, stripeState } from '#tests/support/stripe_server'

/** Posts a webhook event signed as Stripe signs it (or with the given signature header). */
export function postEvent(client: ApiClient, event: object, signature?: string) {
  const payload = JSON.stringify(event)
  return client
    .post('/api/webhooks/stripe')
    .header('content-type', 'application/json')
    .header('stripe-signature', signature ?? signPayload(payload))
    .json(event)
}

export async function premiumOf(userId: number) {
  return Boolean(
    (await db.from('users').where('id', userId).select('is_premium').first()).is_premium
  )
}

export const stripeObject = (id: string) => stripeState.objects.get(id)!
export const callsTo = (method: string, path: string | RegExp) =>
  stripeState.calls.filter(
    (call) =>
      call.method === method &&
      (typeof path === 'string' ? call.path === path : path.test(call.path))
  )

export { stripeEvent }
