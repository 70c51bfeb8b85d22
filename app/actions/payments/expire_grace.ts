import db from '@adonisjs/lucid/services/db'
import { refreshPremium } from '#actions/payments/process_stripe_event'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * Premium for the users whose subscription is failing (past_due, or a failed
 * invoice not paid since) is recomputed, so the 3-day grace period ends even
 * when no further event arrives. Hourly (SCHEDULES in app/services/queue.ts).
 * Returns how many users lost premium.
 */
export async function expirePremiumGrace(options: ActionOptions = {}) {
  const users = await db
    .from('subscriptions')
    .join('users', 'users.id', 'subscriptions.user_id')
    .where('users.is_premium', true)
    .where((query) =>
      query
        .where('subscriptions.status', 'past_due')
        .orWhereRaw('subscriptions.payment_failed_at > coalesce(subscriptions.paid_at, 0)')
    )
    .distinct('subscriptions.user_id')
  let changed = 0
  for (const { user_id: userId } of users) {
    await withTransaction(options.trx, async (trx) => {
      await trx.from('users').where('id', userId).forUpdate().first()
      await refreshPremium(trx, userId)
      const after = await trx.from('users').where('id', userId).select('is_premium').first()
      if (!after.is_premium) changed++
    })
  }
  return changed
}
