import type { HttpContext } from '@adonisjs/core/http'
import {
  applyPromoCode,
  createIntent,
  createUpgradeIntent,
  patchIntent,
} from '#actions/payments/intents'
import { celloToken, discounts, managementLink } from '#actions/payments/account_links'
import {
  createIntentValidator,
  patchIntentValidator,
  updateIntentValidator,
} from '#validators/payments'
import { stripe } from '#services/stripe'
import DiscountTransformer from '#transformers/discount_transformer'
import IntentTransformer from '#transformers/intent_transformer'
import ManagementLinkTransformer from '#transformers/management_link_transformer'
import PatchedIntentTransformer from '#transformers/patched_intent_transformer'
import PromoIntentTransformer from '#transformers/promo_intent_transformer'
import TokenTransformer from '#transformers/token_transformer'
import UpgradeIntentTransformer from '#transformers/upgrade_intent_transformer'
import { serialize } from '#transformers/serialize'

/** The spec's subscriptions/... calls and users/cello_jwt, for the signed-in user (api guard). */
export default class StripeIntentsController {
  async create({ auth, request }: HttpContext) {
    stripe()
    const input = await request.validateUsing(createIntentValidator)
    const intent = await createIntent(auth.use('api').getUserOrFail(), input)
    return serialize(IntentTransformer.transform(intent))
  }

  async patch({ auth, request }: HttpContext) {
    stripe()
    const input = await request.validateUsing(patchIntentValidator)
    const intent = await patchIntent(auth.use('api').getUserOrFail(), input)
    return serialize(PatchedIntentTransformer.transform(intent))
  }

  async updateIntent({ auth, request }: HttpContext) {
    stripe()
    const input = await request.validateUsing(updateIntentValidator)
    const applied = await applyPromoCode(auth.use('api').getUserOrFail(), input)
    return serialize(PromoIntentTransformer.transform(applied))
  }

  async upgrade({ auth }: HttpContext) {
    stripe()
    const intent = await createUpgradeIntent(auth.use('api').getUserOrFail())
    return serialize(UpgradeIntentTransformer.transform(intent))
  }

  async managementLink({ auth }: HttpContext) {
    stripe()
    const link = await managementLink(auth.use('api').getUserOrFail())
    return serialize(ManagementLinkTransformer.transform(link))
  }

  async discounts() {
    return serialize(DiscountTransformer.transform(discounts()))
  }

  async celloJwt({ auth }: HttpContext) {
    return serialize(TokenTransformer.transform(await celloToken(auth.use('api').getUserOrFail())))
  }
}
