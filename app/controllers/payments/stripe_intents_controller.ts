import type { HttpContext } from '@adonisjs/core/http'
import { applyPromoCode, createIntent, createUpgradeIntent, patchIntent } from '#actions/payments/intents'
import { celloToken, discounts, managementLink } from '#actions/payments/account_links'
import { createIntentValidator, patchIntentValidator, updateIntentValidator } from '#validators/payments'
import { stripe } from '#services/stripe'

/** The spec's subscriptions/... calls and users/cello_jwt, for the signed-in user (api guard). */
export default class StripeIntentsController {
  async create({ auth, request }: HttpContext) {
    stripe()
    return createIntent(auth.use('api').getUserOrFail(), await request.validateUsing(createIntentValidator))
  }

  async patch({ auth, request }: HttpContext) {
    stripe()
    return patchIntent(auth.use('api').getUserOrFail(), await request.validateUsing(patchIntentValidator))
  }

  async updateIntent({ auth, request }: HttpContext) {
    stripe()
    return applyPromoCode(auth.use('api').getUserOrFail(), await request.validateUsing(updateIntentValidator))
  }

  async upgrade({ auth }: HttpContext) {
    stripe()
    return createUpgradeIntent(auth.use('api').getUserOrFail())
  }

  async managementLink({ auth }: HttpContext) {
    stripe()
    return managementLink(auth.use('api').getUserOrFail())
  }

  async discounts() {
    return discounts()
  }

  async celloJwt({ auth }: HttpContext) {
    return celloToken(auth.use('api').getUserOrFail())
  }
}
