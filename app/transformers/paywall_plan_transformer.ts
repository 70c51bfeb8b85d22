import { BaseTransformer } from '@adonisjs/core/transformers'

/** A plan of the premium offer, with its price and where its checkout is (services/paywall.ts). */
export type PaywallPlan = {
  tier: string
  amount: number
  interval: string | null
  checkoutUrl: string
}

export default class PaywallPlanTransformer extends BaseTransformer<PaywallPlan> {
  toObject() {
    return this.pick(this.resource, ['tier', 'amount', 'interval', 'checkoutUrl'])
  }
}
