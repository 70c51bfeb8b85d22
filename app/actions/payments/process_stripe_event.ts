import logger from '@adonisjs/core/services/logger'
import type Stripe from 'stripe'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import paymentsConfig, { type PricingTier } from '#config/payments'
import { stripe, stripeCall } from '#services/stripe'
import { grantsPremium, subscriptionsOf } from '#queries/payments/subscriptions'
import { withTransaction, type ActionOptions } from '#actions/action'

type Trx = TransactionClientContract
type Changes = Record<string, unknown>
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

/**
 * Applies one verified webhook event, once: its id goes into stripe_events in
 * the transaction of its effects, so a redelivery is a no-op. A subscription
 * event older than the last one applied to its row changes nothing (Stripe
 * does not deliver in order); invoice outcomes keep the newest failure and
 * the newest payment, whichever arrives first. users.is_premium is then
 * recomputed from all the user's rows. Subscriptions to cancel (replaced or
 * upgraded to lifetime) are cancelled at Stripe after the commit.
 */
export async function processStripeEvent(
  input: { event: Stripe.Event },
  options: ActionOptions = {}
) {
  const { event } = input
  const toCancel: string[] = []
  /*
   * A refund or a dispute names a payment; which purchase it paid is asked of
   * Stripe before the transaction. If Stripe cannot answer, the webhook
   * fails, nothing is stored, and Stripe delivers the event again.
   */
  const purchase = MONEY_BACK.has(event.type)
    ? await stripeCall(() => purchaseOf(paidIntentOf(event)))
    : null
  await withTransaction(options.trx, async (trx) => {
    const fresh = await trx
      .table('stripe_events')
      .insert({ id: event.id, type: event.type })
      .onConflict('id')
      .ignore()
      .returning('id')
    if (fresh.length === 0) return
    const userId = await apply(trx, event, toCancel, purchase)
    if (userId) await refreshPremium(trx, userId)
  })
  for (const id of toCancel) {
    await stripe()
      .subscriptions.cancel(id)
      .catch((error) => logger.warn({ err: error, id }, 'could not cancel a replaced subscription'))
  }
}

const MONEY_BACK = new Set([
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
])
const paidIntentOf = (event: Stripe.Event) =>
  idOf((event.data.object as { payment_intent?: string | { id: string } | null }).payment_intent)

/**
 * The purchase a payment paid: a standalone payment intent (lifetime) is its
 * own purchase; an invoice's payment belongs to the invoice's subscription,
 * and `current` says whether that invoice is the subscription's latest (the
 * one paying for the period under way).
 */
type Purchase = {
  stripeId: string
  recurring: boolean
  current: boolean
  customer: string | null
  metadata: Record<string, string>
}
async function purchaseOf(intentId: string | null): Promise<Purchase | null> {
  if (!intentId) return null
  const payments = await stripe().invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: intentId },
    limit: 1,
  })
  const invoiceId = idOf(payments.data[0]?.invoice as string | { id: string } | undefined)
  if (!invoiceId) {
    const intent = await stripe().paymentIntents.retrieve(intentId)
    if (intent.metadata?.pricing_tier !== 'lifetime') return null
    return {
      stripeId: intent.id,
      recurring: false,
      current: true,
      customer: idOf(intent.customer as string | null),
      metadata: intent.metadata,
    }
  }
  const invoice = await stripe().invoices.retrieve(invoiceId)
  const subscription = idOf(
    invoice.parent?.subscription_details?.subscription as string | { id: string } | undefined
  )
  if (!subscription) return null
  const live = await stripe().subscriptions.retrieve(subscription)
  return {
    stripeId: subscription,
    recurring: true,
    current: idOf(live.latest_invoice as string | { id: string } | null) === invoiceId,
    customer: idOf(invoice.customer as string | null),
    metadata: live.metadata ?? {},
  }
}

async function apply(trx: Trx, event: Stripe.Event, toCancel: string[], purchase: Purchase | null) {
  const object = event.data.object as any
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(trx, object as Stripe.Subscription, event.created, toCancel)
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscription = object.parent?.subscription_details?.subscription ?? object.subscription
      const column = event.type === 'invoice.paid' ? 'paid_at' : 'payment_failed_at'
      return invoiceOutcome(trx, idOf(subscription), idOf(object.customer), column, event.created)
    }
    case 'payment_intent.succeeded':
      return lifetimePaid(trx, object as Stripe.PaymentIntent, event.created, toCancel)
    case 'charge.refunded':
      return refunded(trx, object as Stripe.Charge, purchase, toCancel)
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
      return disputed(trx, object as Stripe.Dispute, event.created, purchase, toCancel)
    default:
      return null
  }
}

async function userOf(trx: Trx, customer: string | null, metadata?: Record<string, string> | null) {
  const byCustomer = customer
    ? await trx.from('users').where('payment_customer_id', customer).select('id').first()
    : null
  if (byCustomer) return byCustomer.id as number
  const id = Number(metadata?.user_id)
  return Number.isInteger(id) && (await trx.from('users').where('id', id).first()) ? id : null
}

const tierOfPrice = (priceId: string | undefined) =>
  paymentsConfig.plans.find((plan) => plan.priceId === priceId)?.tier ?? null

/** Upserts a row, unless it already holds a newer event: returns whether the changes were applied. */
async function upsert(
  trx: Trx,
  stripeId: string,
  userId: number,
  created: number,
  changes: Changes
) {
  const row = await trx.from('subscriptions').where('stripe_id', stripeId).forUpdate().first()
  if (!row) {
    await trx.table('subscriptions').insert({
      stripe_id: stripeId,
      user_id: userId,
      last_event_at: created,
      status: 'incomplete',
      ...changes,
    })
    return true
  }
  /* a tie (one second) is applied, except over a final state */
  if (
    Number(row.last_event_at) > created ||
    (Number(row.last_event_at) === created && row.status === 'canceled')
  )
    return false
  await trx
    .from('subscriptions')
    .where('id', row.id)
    .update({ ...changes, last_event_at: created, updated_at: new Date() })
  return true
}

async function subscriptionChanged(
  trx: Trx,
  sub: Stripe.Subscription,
  created: number,
  toCancel: string[]
) {
  const userId = await userOf(trx, idOf(sub.customer), sub.metadata)
  if (!userId) return null
  const item = sub.items?.data?.[0] as
    (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined
  const discount = (sub.discounts ?? [])[0] as unknown as
    { coupon?: { id: string }; source?: { coupon?: string } } | string | undefined
  const coupon =
    typeof discount === 'object' ? (discount.coupon?.id ?? discount.source?.coupon ?? null) : null
  const applied = await upsert(trx, sub.id, userId, created, {
    pricing_tier:
      tierOfPrice(item?.price?.id) ??
      (sub.metadata?.pricing_tier as PricingTier | undefined) ??
      null,
    status: sub.status,
    price: item?.price?.unit_amount ?? null,
    currency: item?.price?.currency ?? null,
    coupon,
    current_period_end: item?.current_period_end ?? (sub as any).current_period_end ?? null,
    cancel_at_period_end: Boolean(sub.cancel_at_period_end),
  })
  const replaces = sub.metadata?.replaces
  if (applied && replaces && replaces !== sub.id && ['active', 'trialing'].includes(sub.status))
    toCancel.push(replaces)
  return userId
}

async function invoiceOutcome(
  trx: Trx,
  subscription: string | null,
  customer: string | null,
  column: 'paid_at' | 'payment_failed_at',
  created: number
) {
  if (!subscription) return null
  const userId = await userOf(trx, customer)
  if (!userId) return null
  const row = await trx.from('subscriptions').where('stripe_id', subscription).forUpdate().first()
  if (!row) {
    /* the invoice came before its subscription: the row waits for it (status incomplete, no tier) */
    await trx.table('subscriptions').insert({
      stripe_id: subscription,
      user_id: userId,
      status: 'incomplete',
      last_event_at: 0,
      [column]: created,
    })
  } else if (row[column] === null || Number(row[column]) < created) {
    await trx
      .from('subscriptions')
      .where('id', row.id)
      .update({ [column]: created, updated_at: new Date() })
  }
  return userId
}

async function lifetimePaid(
  trx: Trx,
  intent: Stripe.PaymentIntent,
  created: number,
  toCancel: string[]
) {
  if (intent.metadata?.pricing_tier !== 'lifetime') return null
  const userId = await userOf(trx, idOf(intent.customer), intent.metadata)
  if (!userId) return null
  await upsert(trx, intent.id, userId, created, {
    pricing_tier: 'lifetime',
    status: 'succeeded',
    price: intent.amount,
    currency: intent.currency,
    coupon: intent.metadata.coupon || null,
  })
  if (intent.metadata.upgrade_from) toCancel.push(intent.metadata.upgrade_from)
  return userId
}

/**
 * The purchase's row, locked, created (waiting for its own events: status incomplete, no tier) when they have
 * not come yet.
 */
async function purchaseRow(trx: Trx, stripeId: string, userId: number) {
  const row = await trx.from('subscriptions').where('stripe_id', stripeId).forUpdate().first()
  if (row) return row
  const [created] = await trx
    .table('subscriptions')
    .insert({ stripe_id: stripeId, user_id: userId, status: 'incomplete', last_event_at: 0 })
    .returning('*')
  return created
}

/**
 * A full refund of what pays for premium now (a lifetime purchase, or a
 * subscription's latest invoice) ends that premium, and a refunded
 * subscription is cancelled at Stripe so it is not charged again. A partial
 * refund, or one of an earlier period's invoice, is a goodwill credit: it
 * changes nothing. Whichever order the purchase's own events arrive in.
 */
async function refunded(
  trx: Trx,
  charge: Stripe.Charge,
  purchase: Purchase | null,
  toCancel: string[]
) {
  if (!purchase || !charge.refunded || !purchase.current) return null
  const userId = await userOf(trx, purchase.customer, purchase.metadata)
  if (!userId) return null
  const row = await purchaseRow(trx, purchase.stripeId, userId)
  await trx
    .from('subscriptions')
    .where('id', row.id)
    .update({ refunded: true, updated_at: new Date() })
  if (purchase.recurring) toCancel.push(purchase.stripeId)
  return userId
}

/* Stripe's dispute statuses: inquiries (warning_*) hold no money back and change nothing */
const DISPUTE_STATE: Record<string, 'open' | 'won' | 'lost'> = {
  needs_response: 'open',
  under_review: 'open',
  won: 'won',
  lost: 'lost',
  warning_closed: 'won',
  prevented: 'won',
}

/**
 * A chargeback: premium from the disputed purchase stops while it is open,
 * comes back when it is won, and stays off when it is lost (a lost
 * subscription is cancelled at Stripe). A dispute's events apply in the order
 * Stripe made them; at the same second a closed dispute is not reopened.
 */
async function disputed(
  trx: Trx,
  dispute: Stripe.Dispute,
  created: number,
  purchase: Purchase | null,
  toCancel: string[]
) {
  const state = DISPUTE_STATE[dispute.status]
  if (!purchase || !state) return null
  const userId = await userOf(trx, purchase.customer, purchase.metadata)
  if (!userId) return null
  const row = await purchaseRow(trx, purchase.stripeId, userId)
  const before = row.dispute_event_at === null ? -1 : Number(row.dispute_event_at)
  if (before > created || (before === created && state === 'open' && row.dispute_status !== 'open'))
    return userId
  await trx
    .from('subscriptions')
    .where('id', row.id)
    .update({ dispute_status: state, dispute_event_at: created, updated_at: new Date() })
  if (state === 'lost' && purchase.recurring) toCancel.push(purchase.stripeId)
  return userId
}

/** users.is_premium from the user's subscriptions. */
export async function refreshPremium(trx: Trx, userId: number) {
  const subscriptions = await subscriptionsOf(userId, trx)
  const premium = subscriptions.some((row) => grantsPremium(row))
  await trx.from('users').where('id', userId).update({ is_premium: premium })
}
