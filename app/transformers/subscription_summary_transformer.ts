import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SubscriptionSummary } from '#queries/payments/subscriptions'

/** The subscription section of the settings and account pages (queries/payments/subscriptions.ts). */
export default class SubscriptionSummaryTransformer extends BaseTransformer<SubscriptionSummary> {
  toObject() {
    return this.pick(this.resource, [
      'pricingTier',
      'canManage',
      'canUpgrade',
      'cancelsOnDeletion',
      'paymentsAvailable',
    ])
  }
}
