import { BaseTransformer } from '@adonisjs/core/transformers'

/** A standing discount of a billing period (actions/payments/account_links.ts: discounts). */
export type Discount = { subscriptionPeriod: string; percentOff: number }

export default class DiscountTransformer extends BaseTransformer<Discount> {
  toObject() {
    return this.pick(this.resource, ['subscriptionPeriod', 'percentOff'])
  }
}
