import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { PricingTier } from '#config/payments'
import { paymentsConfigured } from '#services/stripe'

/** A past-due subscription (or one whose last payment failed) stays premium this long, then the user is free. */
const GRACE_SECONDS = 3 * 86400
const RECURRING_LIVE = ['trialing', 'active', 'past_due']

export type SubscriptionRow = {
  id: number
  user_id: number
  stripe_id: string
  pricing_tier: PricingTier | null
  status: string
  price: number | null
  currency: string | null
  coupon: string | null
  current_period_end: string | number | null
  cancel_at_period_end: boolean
  refunded: boolean
  dispute_status: 'open' | 'won' | 'lost' | null
  last_event_at: string | number
  payment_failed_at: string | number | null
  paid_at: string | number | null
}

/** Whether a subscription row makes its user premium at `now` (seconds). */
export function grantsPremium(row: SubscriptionRow, now = Math.floor(Date.now() / 1000)) {
  /* refunded in full, or charged back (a dispute open or lost): no premium from this purchase */
  if (
    row.refunded ||
    row.dispute_status === 'open' ||
    row.dispute_status === 'lost' ||
    !row.pricing_tier
  )
    return false
  if (row.pricing_tier === 'lifetime') return row.status === 'succeeded'
  if (!RECURRING_LIVE.includes(row.status)) return false
  const failedAt = row.payment_failed_at === null ? null : Number(row.payment_failed_at)
  const failing = failedAt !== null && (row.paid_at === null || Number(row.paid_at) < failedAt)
  const failingSince = failing
    ? failedAt!
    : row.status === 'past_due'
      ? Number(row.last_event_at)
      : null
  return failingSince === null || now - failingSince < GRACE_SECONDS
}

export async function subscriptionsOf(
  userId: number,
  client: TransactionClientContract | typeof db = db
) {
  return (await client
    .from('subscriptions')
    .where('user_id', userId)
    .orderBy('id', 'desc')) as SubscriptionRow[]
}

/** The subscription the User entity shows: a premium-granting one, lifetime first, else the newest. */
async function currentSubscription(userId: number) {
  const all = await subscriptionsOf(userId)
  const rows = all.filter((row) => grantsPremium(row))
  return rows.find((row) => row.pricing_tier === 'lifetime') ?? rows[0] ?? null
}

/** A live monthly or yearly subscription (the one to cancel on upgrade, replacement or account deletion). */
export async function liveRecurring(userId: number) {
  const rows = await subscriptionsOf(userId)
  return rows.filter(
    (row) =>
      row.pricing_tier !== 'lifetime' && RECURRING_LIVE.includes(row.status) && grantsPremium(row)
  )
}

export type SubscriptionEntity = {
  pricingTier: PricingTier
  price: number
  currency: string
  coupon: string | null
}

/**
 * The User entity's `subscription` {pricingTier, price (in the currency's
 * major unit, e.g. 9.99), currency, coupon} and `subscriptionProvider` (the
 * providers billing a premium-granting subscription: ["stripe"]).
 */
export async function subscriptionEntity(userId: number) {
  const row = await currentSubscription(userId)
  if (!row || !row.pricing_tier) return { subscription: null, providers: [] as string[] }
  const subscription: SubscriptionEntity = {
    pricingTier: row.pricing_tier,
    price: (row.price ?? 0) / 100,
    currency: row.currency ?? 'eur',
    coupon: row.coupon,
  }
  return { subscription, providers: ['stripe'] }
}

/** The subscription section's read model (SubscriptionSummaryTransformer shapes it). */
export type SubscriptionSummary = Awaited<ReturnType<typeof subscriptionSummary>>

/**
 * The subscription section of the settings and account pages: the plan, whether the billing
 * portal has anything to show, whether a lifetime upgrade is offered (a live monthly or
 * yearly plan), and whether deleting the account cancels a subscription. Without payments
 * on this server (no Stripe key) the plan is still shown, with nothing to manage or buy.
 */
export async function subscriptionSummary(user: { id: number; paymentCustomerId: string | null }) {
  const current = await currentSubscription(user.id)
  const live = await liveRecurring(user.id)
  const recurring = live.length > 0
  const paymentsAvailable = paymentsConfigured()
  return {
    pricingTier: current?.pricing_tier ?? null,
    canManage: paymentsAvailable && Boolean(user.paymentCustomerId),
    canUpgrade: paymentsAvailable && recurring && current?.pricing_tier !== 'lifetime',
    cancelsOnDeletion: recurring,
    paymentsAvailable,
  }
}
