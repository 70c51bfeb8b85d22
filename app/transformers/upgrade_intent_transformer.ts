import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Intent } from '#transformers/intent_transformer'

/** The lifetime upgrade's intent: its price, and the unused part of the current plan deducted from it. */
export default class UpgradeIntentTransformer extends BaseTransformer<
  Intent & { amount: number; credit: number }
> {
  toObject() {
    return this.pick(this.resource, ['paymentIntentId', 'clientSecret', 'amount', 'credit'])
  }
}
