import type Stripe from 'stripe'
import type User from '#models/user'
import paymentsConfig, { type PricingTier } from '#config/payments'
import ApiException from '#exceptions/api_exception'
import { stripe, stripeCall } from '#services/stripe'
import { liveRecurring, subscriptionsOf } from '#queries/payments/subscriptions'

const plan = (tier: PricingTier) => paymentsConfig.plans.find((entry) => entry.tier === tier)!
/* Stripe's smallest charge in most currencies (50 cents) */
const MINIMUM_AMOUNT = 50

/** The user's Stripe customer, created on first use and remembered in users.payment_customer_id. */
async function customerOf(user: User) {
  if (user.paymentCustomerId) return user.paymentCustomerId
  /* one key per user: two first purchases at once get the same customer from Stripe, not two */
  const customer = await stripeCall(() =>
    stripe().customers.create(
      {
        email: user.email ?? undefined,
        name: user.name ?? undefined,
        metadata: { user_id: String(user.id) },
      },
      { idempotencyKey: `mnemo-customer-${user.id}` }
    )
  )
  user.paymentCustomerId = customer.id
  await user.save()
  return customer.id
}

/**
 * POST subscriptions/stripe/intent: lifetime is a payment intent; monthly and
 * yearly are an incomplete Stripe subscription whose first invoice's payment
 * intent (or, with the 3-day trial of a first subscription, its setup intent)
 * the client confirms. A live subscription it replaces is named in metadata
 * and cancelled once the new one is paid (the webhook).
 */
export async function createIntent(user: User, input: { pricing_tier: PricingTier }) {
  const tier = input.pricing_tier
  const customer = await customerOf(user)
  if (tier === 'lifetime')
    return intentAnswer(await lifetimeIntent(user, customer, plan('lifetime').amount, {}))
  const previous = await liveRecurring(user.id)
  const subscriptions = await subscriptionsOf(user.id)
  const firstTime = subscriptions.length === 0
  const subscription = await stripeCall(() =>
    stripe().subscriptions.create({
      customer,
      items: [{ price: plan(tier).priceId }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      ...(firstTime ? { trial_period_days: paymentsConfig.trialDays } : {}),
      metadata: {
        user_id: String(user.id),
        pricing_tier: tier,
        ...(previous[0] ? { replaces: previous[0].stripe_id } : {}),
      },
      expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
    })
  )
  const setup = subscription.pending_setup_intent as Stripe.SetupIntent | null
  if (setup?.client_secret) return { paymentIntentId: setup.id, clientSecret: setup.client_secret }
  const secret = (subscription.latest_invoice as Stripe.Invoice | null)?.confirmation_secret
    ?.client_secret
  if (!secret) throw ApiException.of('E_PAYMENT_PROVIDER')
  return { paymentIntentId: secret.split('_secret_')[0], clientSecret: secret }
}

function lifetimeIntent(
  user: User,
  customer: string,
  amount: number,
  metadata: Record<string, string>
) {
  return stripeCall(() =>
    stripe().paymentIntents.create({
      amount,
      currency: paymentsConfig.currency,
      customer,
      automatic_payment_methods: { enabled: true },
      metadata: {
        user_id: String(user.id),
        pricing_tier: 'lifetime',
        base_amount: String(amount),
        ...metadata,
      },
    })
  )
}

const intentAnswer = (intent: Stripe.PaymentIntent) => ({
  paymentIntentId: intent.id,
  clientSecret: intent.client_secret!,
})

/** A payment intent of this user's (its customer is theirs); anyone else's, or an unknown id, is a 404. */
async function ownIntent(user: User, id: string) {
  if (!user.paymentCustomerId) throw ApiException.notFound()
  const intent = await stripeCall(() => stripe().paymentIntents.retrieve(id))
  if (intent.customer !== user.paymentCustomerId) throw ApiException.notFound()
  return intent
}

/** An intent the app prices itself (lifetime and upgrades), still open: the ones a code or upgrade may change. */
function changeable(intent: Stripe.PaymentIntent) {
  if (intent.metadata?.pricing_tier !== 'lifetime') {
    throw ApiException.of('E_INTENT_NOT_CHANGEABLE', { apiField: 'payment_intent_id' })
  }
  if (['succeeded', 'processing', 'canceled'].includes(intent.status)) {
    throw ApiException.of('E_INTENT_CLOSED')
  }
  return intent
}

/**
 * The lifetime-upgrade price: the lifetime amount less the unused part of
 * the live monthly/yearly subscription's current period (its price times the
 * share of the period still to run, by the period end Stripe reported).
 */
export async function upgradeCredit(user: User) {
  const [live] = await liveRecurring(user.id)
  if (!live || !live.price || !live.current_period_end) return null
  const period = live.pricing_tier === 'yearly' ? 365 * 86400 : 30 * 86400
  const left = Math.max(0, Number(live.current_period_end) - Math.floor(Date.now() / 1000))
  const credit = Math.round(live.price * Math.min(1, left / period))
  return {
    subscription: live.stripe_id,
    credit,
    amount: Math.max(MINIMUM_AMOUNT, plan('lifetime').amount - credit),
  }
}

/** POST subscriptions/stripe/upgrade_intent: a lifetime intent priced as an upgrade of the live subscription. */
export async function createUpgradeIntent(user: User) {
  const upgrade = await upgradeCredit(user)
  if (!upgrade) throw ApiException.of('E_NOTHING_TO_UPGRADE')
  const customer = await customerOf(user)
  const intent = await lifetimeIntent(user, customer, upgrade.amount, {
    upgrade_from: upgrade.subscription,
  })
  return { ...intentAnswer(intent), amount: intent.amount, credit: upgrade.credit }
}

/** PATCH subscriptions/stripe/intent: switches an open lifetime intent between the full price and the upgrade price. */
export async function patchIntent(
  user: User,
  input: { payment_intent_id: string; upgrade: boolean }
) {
  const { payment_intent_id: id, upgrade } = input
  const intent = changeable(await ownIntent(user, id))
  const offer = upgrade ? await upgradeCredit(user) : null
  if (upgrade && !offer) throw ApiException.of('E_NOTHING_TO_UPGRADE')
  const base = offer ? offer.amount : plan('lifetime').amount
  const percent = Number(intent.metadata.percent_off || 0)
  const updated = await stripeCall(() =>
    stripe().paymentIntents.update(intent.id, {
      amount: discounted(base, percent),
      metadata: { base_amount: String(base), upgrade_from: offer ? offer.subscription : '' },
    })
  )
  return { ...intentAnswer(updated), amount: updated.amount, upgrade: Boolean(offer) }
}

const discounted = (amount: number, percent: number) =>
  Math.max(MINIMUM_AMOUNT, Math.round(amount * (1 - percent / 100)))

/**
 * POST subscriptions/stripe/update_intent: applies or removes one of Stripe's
 * promotion codes on an open intent, whichever the plan:
 * - lifetime and upgrade intents (priced by the app): the intent's amount;
 * - a first subscription's trial (a setup intent): the subscription's
 *   discount, so the first charge after the trial is the discounted one;
 * - a subscription's first invoice (its payment intent, which Stripe prices):
 *   a credit note on the still-open invoice lowers what the same intent
 *   collects, and a coupon lasting past one period becomes the
 *   subscription's discount for the invoices after it.
 * The intent id the client holds stays the one to confirm.
 */
export async function applyPromoCode(
  user: User,
  input: { payment_intent_id: string; promo_action: 'apply' | 'remove'; promo_code?: string }
) {
  const { payment_intent_id: id, promo_action: action, promo_code: code } = input
  const promo = action === 'apply' ? await promotion(code) : null
  if (id.startsWith('seti_')) return promoOnTrial(user, id, promo)
  const intent = await ownIntent(user, id)
  if (['succeeded', 'processing', 'canceled'].includes(intent.status))
    throw ApiException.of('E_INTENT_CLOSED')
  if (intent.metadata?.pricing_tier === 'lifetime') return promoOnLifetime(intent, promo, code)
  return promoOnFirstInvoice(intent, promo, code)
}

type Promotion = { id: string; coupon: string; percent: number; once: boolean }
const discountAnswer = (base: number, percent: number) => ({
  old_amount: base,
  new_amount: discounted(base, percent),
  discount_percent: percent,
})

async function promoOnLifetime(
  intent: Stripe.PaymentIntent,
  promo: Promotion | null,
  code: string | undefined
) {
  const base = Number(intent.metadata.base_amount || intent.amount)
  const percent = promo?.percent ?? 0
  await stripeCall(() =>
    stripe().paymentIntents.update(intent.id, {
      amount: discounted(base, percent),
      metadata: {
        coupon: promo?.coupon ?? '',
        promo_code: promo ? code! : '',
        percent_off: String(percent),
      },
    })
  )
  return discountAnswer(base, percent)
}

async function promoOnTrial(user: User, setupIntentId: string, promo: Promotion | null) {
  if (!user.paymentCustomerId) throw ApiException.notFound()
  const customer = user.paymentCustomerId
  const list = await stripeCall(() =>
    stripe().subscriptions.list({ customer, status: 'all', limit: 20 })
  )
  const subscription = list.data.find((sub) => idOf(sub.pending_setup_intent) === setupIntentId)
  if (!subscription) throw ApiException.notFound()
  if (subscription.status !== 'trialing') throw ApiException.of('E_INTENT_CLOSED')
  const base = subscription.items.data[0]?.price?.unit_amount ?? 0
  await stripeCall(() =>
    stripe().subscriptions.update(subscription.id, {
      discounts: promo ? [{ promotion_code: promo.id }] : '',
    })
  )
  return discountAnswer(base, promo?.percent ?? 0)
}

async function promoOnFirstInvoice(
  intent: Stripe.PaymentIntent,
  promo: Promotion | null,
  code: string | undefined
) {
  const payments = await stripeCall(() =>
    stripe().invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: intent.id },
      limit: 1,
    })
  )
  const invoiceId = idOf(payments.data[0]?.invoice as string | { id: string } | undefined)
  const invoice = invoiceId ? await stripeCall(() => stripe().invoices.retrieve(invoiceId)) : null
  const subscription = idOf(
    invoice?.parent?.subscription_details?.subscription as string | { id: string } | undefined
  )
  if (!invoice || !subscription) {
    throw ApiException.of('E_INTENT_NOT_CHANGEABLE', { apiField: 'payment_intent_id' })
  }
  if (invoice.status !== 'open') throw ApiException.of('E_INTENT_CLOSED')
  const base = Number(intent.metadata?.base_amount || intent.amount)
  const percent = promo?.percent ?? 0
  /* one credit note at a time: the previous code's is voided first */
  if (intent.metadata?.credit_note)
    await stripeCall(() => stripe().creditNotes.voidCreditNote(intent.metadata.credit_note))
  const off = base - discounted(base, percent)
  const note =
    off > 0
      ? await stripeCall(() =>
          stripe().creditNotes.create({
            invoice: invoice.id,
            amount: off,
            memo: `Promotion code ${code}`,
          })
        )
      : null
  await stripeCall(() =>
    stripe().subscriptions.update(subscription, {
      discounts: promo && !promo.once ? [{ promotion_code: promo.id }] : '',
    })
  )
  await stripeCall(() =>
    stripe().paymentIntents.update(intent.id, {
      metadata: {
        base_amount: String(base),
        credit_note: note?.id ?? '',
        coupon: promo?.coupon ?? '',
        promo_code: promo ? code! : '',
        percent_off: String(percent),
      },
    })
  )
  return discountAnswer(base, percent)
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

/** An active promotion code's coupon and percentage (a code with only an amount off, or none, is refused). */
async function promotion(code: string | undefined): Promise<Promotion> {
  if (!code) throw ApiException.of('E_PROMO_CODE_INVALID', { apiField: 'promo_code' })
  const list = await stripeCall(() =>
    stripe().promotionCodes.list({
      code,
      active: true,
      limit: 1,
      expand: ['data.promotion.coupon'],
    })
  )
  const found = list.data[0] as
    (Stripe.PromotionCode & { promotion?: { coupon?: Stripe.Coupon | string } }) | undefined
  const coupon = found?.promotion?.coupon
  if (
    !found ||
    !coupon ||
    typeof coupon === 'string' ||
    !coupon.percent_off ||
    coupon.valid === false
  ) {
    throw ApiException.of('E_PROMO_CODE_INVALID', { apiField: 'promo_code' })
  }
  return {
    id: found.id,
    coupon: coupon.id,
    percent: coupon.percent_off,
    once: coupon.duration === 'once',
  }
}
