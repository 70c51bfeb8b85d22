/*
| Payments (Stripe) in the OpenAPI document: the spec's subscriptions/...
| calls, users/cello_jwt and Stripe's webhook. All answer 503
| E_PAYMENTS_NOT_CONFIGURED when the server has no Stripe key.
*/
import { bool, error, int, listOf, num, obj, op, str } from '#services/openapi/schema'

const auth = true
const intentId = str({ pattern: '^pi_[A-Za-z0-9_]+$' })
const intent = obj({ paymentIntentId: str({ description: 'pi_… (or seti_… for a trial, confirmed as a setup intent)' }), clientSecret: str() }, ['paymentIntentId', 'clientSecret'])
const priced = obj({ paymentIntentId: str(), clientSecret: str(), amount: int, credit: int, upgrade: bool }, ['paymentIntentId', 'clientSecret', 'amount'])
const notConfigured = { '503': error('E_PAYMENTS_NOT_CONFIGURED'), '502': error('E_PAYMENT_PROVIDER: Stripe could not be reached') }
const notFound = { '404': error('Unknown payment intent, or another user\'s') }

export const paymentsPaths = {
  '/subscriptions/stripe/intent': {
    post: op('Start a purchase: lifetime is a payment intent; monthly/yearly an incomplete Stripe subscription (its first invoice\'s payment intent, or its setup intent during the 3-day trial of a first subscription). A live subscription is replaced (cancelled once the new one is active).', {
      auth, body: obj({ pricing_tier: str({ enum: ['monthly', 'yearly', 'lifetime'] }) }, ['pricing_tier']), ok: [200, intent], extra: notConfigured,
    }),
    patch: op('Switch an open lifetime intent between the full price and the upgrade price (upgrade: true; needs a live monthly/yearly subscription)', {
      auth, body: obj({ payment_intent_id: intentId, upgrade: bool }, ['payment_intent_id', 'upgrade']), ok: [200, priced],
      extra: { ...notFound, ...notConfigured, '409': error('E_NOTHING_TO_UPGRADE, E_INTENT_CLOSED') },
    }),
  },
  '/subscriptions/stripe/update_intent': {
    post: op('Apply (or remove) one of Stripe\'s promotion codes (percentage coupons) on an open lifetime or upgrade intent; amounts in the currency\'s minor unit', {
      auth, body: obj({ payment_intent_id: intentId, promo_code: str({ maxLength: 100 }), promo_action: str({ enum: ['apply', 'remove'] }) }, ['payment_intent_id', 'promo_action']),
      ok: [200, obj({ old_amount: int, new_amount: int, discount_percent: num }, ['old_amount', 'new_amount', 'discount_percent'])],
      extra: { ...notFound, ...notConfigured, '409': error('E_INTENT_CLOSED') },
    }),
  },
  '/subscriptions/stripe/upgrade_intent': {
    post: op('A lifetime intent priced as an upgrade: the lifetime price less the unused share of the live monthly/yearly period (price × time left / period), at least 0.50; the subscription is cancelled once it is paid', {
      auth, ok: [200, priced], extra: { ...notConfigured, '409': error('E_NOTHING_TO_UPGRADE') },
    }),
  },
  '/subscriptions/stripe/management_link': {
    get: op('A Stripe billing portal session to manage the subscription', {
      auth, ok: [200, obj({ link: str({ format: 'uri' }) }, ['link'])], extra: { '404': error('E_NO_SUBSCRIPTION: never bought anything'), ...notConfigured },
    }),
  },
  '/subscriptions/discounts': {
    get: op('The standing discounts of the plans', { auth, ok: [200, listOf(obj({ subscriptionPeriod: str(), percentOff: num }, ['subscriptionPeriod', 'percentOff']))] }),
  },
  '/users/cello_jwt': {
    post: op('A token for the referral programme (HS256, claims productId and productUserId, valid one day)', {
      auth, ok: [200, obj({ token: str() }, ['token'])], extra: { '503': error('E_REFERRALS_NOT_CONFIGURED') },
    }),
  },
  '/webhooks/stripe': {
    post: {
      summary: 'Stripe\'s webhook (Stripe-Signature checked on the raw body; each event applied once; stale events ignored)',
      security: [],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: { '200': { description: 'Received', content: { 'application/json': { schema: obj({ received: bool }) } } }, '400': error('E_WEBHOOK_SIGNATURE'), ...notConfigured },
    },
  },
}
