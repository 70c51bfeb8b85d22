import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { paymentsConfigured, stripe } from '#services/stripe'
import { liveRecurring } from '#queries/payments/subscriptions'

/**
 * Before an account is deleted: its live monthly/yearly subscriptions are
 * cancelled at Stripe at once, so nobody is billed for a deleted account.
 * When Stripe cannot be reached the deletion is refused (502) rather than
 * leaving a subscription running; one Stripe no longer knows is already gone.
 */
export async function cancelSubscriptionsOf(user: User) {
  const live = await liveRecurring(user.id)
  if (live.length === 0 || !paymentsConfigured()) return
  for (const row of live) {
    try {
      await stripe().subscriptions.cancel(row.stripe_id)
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) continue
      throw ApiException.of('E_PAYMENT_PROVIDER')
    }
  }
}
