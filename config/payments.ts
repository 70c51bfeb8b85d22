import env from '#start/env'

export type PricingTier = 'monthly' | 'yearly' | 'lifetime'

/**
 * The plans the product sells (spec 000: monthly, yearly with "Save
 * {{value}}%", lifetime; a 3-day trial): prices are configuration, not code.
 * Each tier names its Stripe price id (env overrides; the defaults are the
 * local Stripe double's, tests/support/stripe_server.ts) and the amount shown
 * on the paywall, in the currency's minor unit.
 */
const paymentsConfig = {
  currency: env.get('STRIPE_CURRENCY', 'eur'),
  trialDays: 3,
  plans: [
    {
      tier: 'monthly' as PricingTier,
      priceId: env.get('STRIPE_PRICE_MONTHLY', 'price_monthly_test'),
      amount: 999,
      interval: 'month' as const,
    },
    {
      tier: 'yearly' as PricingTier,
      priceId: env.get('STRIPE_PRICE_YEARLY', 'price_yearly_test'),
      amount: 5999,
      interval: 'year' as const,
    },
    {
      tier: 'lifetime' as PricingTier,
      priceId: env.get('STRIPE_PRICE_LIFETIME', 'price_lifetime_test'),
      amount: 14999,
      interval: null,
    },
  ],
}

/** "Save {{value}}%": what a year costs on the yearly plan against twelve monthly payments. */
export function yearlySavingPercent() {
  const monthly = paymentsConfig.plans.find((plan) => plan.tier === 'monthly')!.amount
  const yearly = paymentsConfig.plans.find((plan) => plan.tier === 'yearly')!.amount
  return Math.round((1 - yearly / (monthly * 12)) * 100)
}

export default paymentsConfig
