import { paywallOffer } from '#services/paywall'

export default class PaywallController {
  /** GET /api/paywall: the premium offer the apps show when a limit answers (benefits, claim, plans, trial). */
  async show() {
    return paywallOffer()
  }
}
