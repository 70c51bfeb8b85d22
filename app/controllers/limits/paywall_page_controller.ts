import type { HttpContext } from '@adonisjs/core/http'
import { paywallOffer } from '#services/paywall'
import { paymentsConfigured } from '#services/stripe'
import PaywallPlanTransformer from '#transformers/paywall_plan_transformer'

export default class PaywallPageController {
  /**
   * GET /paywall?reason=daily|guest|guest_cards|lifetime|upgrade: the premium offer (benefits, claim, plans
   * and prices, the trial).
   */
  async show({ auth, request, inertia }: HttpContext) {
    const asked = String(request.input('reason') ?? '')
    const reason = ['daily', 'guest', 'guest_cards', 'lifetime'].includes(asked) ? asked : 'upgrade'
    /* without payments on this server the plans are shown, and the page says they cannot be bought here */
    const { plans, benefits, ...terms } = paywallOffer()
    return inertia.render('limits/paywall', {
      ...terms,
      /* the benefits are message keys: a list of names, no shape */
      benefits,
      plans: PaywallPlanTransformer.transform(plans),
      reason,
      isPremium: Boolean(auth.user?.hasPremium),
      paymentsAvailable: paymentsConfigured(),
    })
  }
}
