import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import env from '#start/env'
import paymentsConfig from '#config/payments'
import ApiException from '#exceptions/api_exception'
import {
  applyPromoCode,
  createIntent,
  createUpgradeIntent,
  upgradeCredit,
} from '#actions/payments/intents'
import { celloToken, managementLink } from '#actions/payments/account_links'
import { createIntentValidator, updateIntentValidator } from '#validators/payments'
import { paymentsConfigured, stripe } from '#services/stripe'
import { liveRecurring } from '#queries/payments/subscriptions'
import IntentTransformer from '#transformers/intent_transformer'
import PromoIntentTransformer from '#transformers/promo_intent_transformer'
import TokenTransformer from '#transformers/token_transformer'
import UpgradeIntentTransformer from '#transformers/upgrade_intent_transformer'
import { serialize } from '#transformers/serialize'

const RETURN_STATUSES = ['succeeded', 'processing', 'failed'] as const
const returnValidator = vine.create({
  payment_intent: vine.string().maxLength(255).optional(),
  setup_intent: vine.string().maxLength(255).optional(),
  redirect_status: vine.string().maxLength(50).optional(),
})

/**
 * The web door of payments: the checkout page (Stripe Elements), its JSON calls, the return page and the
 * billing portal.
 */
export default class CheckoutController {
  /** GET /checkout/:tier */
  async show({ auth, params, inertia }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const plan = paymentsConfig.plans.find((entry) => entry.tier === params.tier)
    if (!plan) throw ApiException.notFound()
    const publishableKey = paymentsConfigured() ? (env.get('STRIPE_PUBLISHABLE_KEY') ?? null) : null
    /* lifetime for a monthly or yearly subscriber is the upgrade: the unused part of the period is deducted */
    const upgrade = plan.tier === 'lifetime' ? await upgradeCredit(user) : null
    const recurring = plan.tier === 'lifetime' ? [] : await liveRecurring(user.id)
    return inertia.render('payments/checkout', {
      tier: plan.tier,
      amount: upgrade ? upgrade.amount : plan.amount,
      upgradeCredit: upgrade ? upgrade.credit : null,
      currency: paymentsConfig.currency,
      trialDays: paymentsConfig.trialDays,
      publishableKey,
      replacesSubscription: recurring.length > 0,
    })
  }

  /** POST /checkout/intent {pricing_tier}: the same intent as the API's. */
  async intent({ auth, request }: HttpContext) {
    stripe()
    const input = await request.validateUsing(createIntentValidator)
    const intent = await createIntent(auth.use('web').getUserOrFail(), input)
    return serialize(IntentTransformer.transform(intent))
  }

  /** POST /checkout/upgrade_intent: the lifetime upgrade's intent, priced as the API's. */
  async upgradeIntent({ auth }: HttpContext) {
    stripe()
    const intent = await createUpgradeIntent(auth.use('web').getUserOrFail())
    return serialize(UpgradeIntentTransformer.transform(intent))
  }

  /** POST /checkout/update_intent: the promo code field. */
  async updateIntent({ auth, request }: HttpContext) {
    stripe()
    const input = await request.validateUsing(updateIntentValidator)
    const applied = await applyPromoCode(auth.use('web').getUserOrFail(), input)
    return serialize(PromoIntentTransformer.transform(applied))
  }

  /** GET /checkout/return?payment_intent|setup_intent&redirect_status: where Stripe sends the browser back. */
  async returned({ request, inertia }: HttpContext) {
    const query = await returnValidator.validate(request.qs())
    const status = RETURN_STATUSES.find((known) => known === query.redirect_status) ?? 'failed'
    return inertia.render('payments/return', {
      status,
      kind: query.setup_intent ? 'setup' : 'payment',
    })
  }

  /** POST /account/referral_token: the referral toast's token, the same as the API's users/cello_jwt. */
  async referralToken({ auth }: HttpContext) {
    return serialize(TokenTransformer.transform(await celloToken(auth.use('web').getUserOrFail())))
  }

  /**
   * GET /settings/subscription: off to Stripe's billing portal. Without Stripe on this server
   * there is no portal: back to the account, which shows the plan, with the reason.
   */
  async manage({ auth, response, session, i18n }: HttpContext) {
    if (!paymentsConfigured()) {
      session.flashErrors({ E_PAYMENTS_NOT_CONFIGURED: i18n.t('ui.payments.not_configured_plan') })
      return response.redirect().toRoute('account.show')
    }
    const { link } = await managementLink(auth.use('web').getUserOrFail())
    return response.redirect(link)
  }
}
