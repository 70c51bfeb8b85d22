import paymentsConfig, { yearlySavingPercent } from '#config/payments'
import { imageSearchConfigured } from '#services/media/image_search'

/** The premium benefits (spec 000 §1), as ui.limits.paywall.benefits.* keys. */
const PREMIUM_BENEFITS = [
  'unlimited_ai',
  'formatting',
  'image_occlusion',
  'image_search',
  'no_daily_limits',
  'smart_repetition',
  'text_to_speech',
] as const

/* a benefit this server cannot give is not promised: image search needs an Unsplash key */
const offered = (benefit: (typeof PREMIUM_BENEFITS)[number]) =>
  benefit !== 'image_search' || imageSearchConfigured()

/**
 * What the paywall shows: plans and prices come from config/payments.ts; each plan's button goes to
 * /checkout/<tier>
 */
export function paywallOffer() {
  return {
    benefits: PREMIUM_BENEFITS.filter(offered) as string[],
    claimPercent: 35,
    currency: paymentsConfig.currency,
    trialDays: paymentsConfig.trialDays,
    savingPercent: yearlySavingPercent(),
    plans: paymentsConfig.plans.map((plan) => ({
      tier: plan.tier as string,
      amount: plan.amount,
      interval: plan.interval as string | null,
      checkoutUrl: `/checkout/${plan.tier}`,
    })),
  }
}
