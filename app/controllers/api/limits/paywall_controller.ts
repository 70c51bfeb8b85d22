import { paywallOffer } from '#services/paywall'
import PaywallTransformer from '#transformers/paywall_transformer'
import { serialize } from '#transformers/serialize'

export default class PaywallController {
  /** GET /api/paywall: the premium offer the apps show when a limit answers (benefits, claim, plans, trial). */
  async show() {
    return serialize(PaywallTransformer.transform(paywallOffer()))
  }
}
