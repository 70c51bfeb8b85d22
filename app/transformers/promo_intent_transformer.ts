import { BaseTransformer } from '@adonisjs/core/transformers'

/** A promotion code applied: the price before and after, in the spec's snake_case. */
export type PromoApplied = { old_amount: number; new_amount: number; discount_percent: number }

/** subscriptions/update_intent and the checkout's promo code field. */
export default class PromoIntentTransformer extends BaseTransformer<PromoApplied> {
  toObject() {
    return this.pick(this.resource, ['old_amount', 'new_amount', 'discount_percent'])
  }
}
