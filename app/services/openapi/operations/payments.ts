/* payments */
import type { Operations } from '#services/openapi/operation'
import {
  createIntentValidator,
  patchIntentValidator,
  updateIntentValidator,
} from '#validators/payments'

export const paymentsOperations: Operations = {
  'POST /subscriptions/stripe/intent': {
    summary: 'Start a purchase',
    description:
      'Start a purchase: lifetime is a payment intent; monthly/yearly an incomplete Stripe subscription ' +
      "(its first invoice's payment intent, or its setup intent during the 3-day trial of a first " +
      'subscription). A live subscription is replaced (cancelled once the new one is active).',
    body: createIntentValidator,
    ok: { 200: 'Intent' },
    errors: [502, 503],
  },
  'PATCH /subscriptions/stripe/intent': {
    summary: 'Switch an open lifetime intent between the full price and the upgrade price',
    description:
      'Switch an open lifetime intent between the full price and the upgrade price (upgrade: true; ' +
      'needs a live monthly/yearly subscription)',
    body: patchIntentValidator,
    ok: { 200: 'PatchedIntent' },
    errors: [404, 409, 502, 503],
  },
  'POST /subscriptions/stripe/update_intent': {
    summary: "Apply (or remove) one of Stripe's promotion codes",
    description:
      "Apply (or remove) one of Stripe's promotion codes (percentage coupons) on an open lifetime or " +
      "upgrade intent; amounts in the currency's minor unit",
    body: updateIntentValidator,
    ok: { 200: 'PromoIntent' },
    errors: [404, 409, 502, 503],
  },
  'POST /subscriptions/stripe/upgrade_intent': {
    summary: 'A lifetime intent priced as an upgrade',
    description:
      'A lifetime intent priced as an upgrade: the lifetime price less the unused share of the live ' +
      'monthly/yearly period (price × time left / period), at least 0.50; the subscription is cancelled ' +
      'once it is paid',
    ok: { 200: 'UpgradeIntent' },
    errors: [409, 502, 503],
  },
  'GET /subscriptions/stripe/management_link': {
    summary: 'A Stripe billing portal session to manage the subscription',
    ok: { 200: 'ManagementLink' },
    errors: [404, 502, 503],
  },
  'GET /subscriptions/discounts': {
    summary: 'The standing discounts of the plans',
    ok: { 200: 'Discounts' },
  },
  'POST /users/cello_jwt': {
    summary:
      'A token for the referral programme (HS256, claims productId and productUserId, valid one day)',
    ok: { 200: 'CelloToken' },
    errors: [403, 503],
  },
  'POST /webhooks/stripe': {
    summary: "Stripe's webhook",
    description:
      "Stripe's webhook (Stripe-Signature checked on the raw body; each event applied once; stale " +
      'events ignored)',
    /* a Stripe event, signed: what Stripe sends, read from the raw body */
    body: {
      type: 'object',
      properties: { id: { type: 'string' }, type: { type: 'string' } },
      required: ['id', 'type'],
    },
    ok: { 200: 'WebhookReceived' },
    errors: [400, 502, 503],
  },
}
