import { BaseTransformer } from '@adonisjs/core/transformers'
import PaywallPlanTransformer, { type PaywallPlan } from '#transformers/paywall_plan_transformer'

/** The premium offer (services/paywall.ts: paywallOffer). */
export type PaywallOffer = {
  benefits: string[]
  claimPercent: number
  currency: string
  trialDays: number
  savingPercent: number
  plans: PaywallPlan[]
}

/** GET /api/paywall: the benefits, the claim, the plans and prices, the trial. */
export default class PaywallTransformer extends BaseTransformer<PaywallOffer> {
  toObject() {
    return {
      ...this.pick(this.resource, ['claimPercent', 'currency', 'trialDays', 'savingPercent']),
      benefits: [...this.resource.benefits],
      plans: PaywallPlanTransformer.transform(this.resource.plans),
    }
  }
}
