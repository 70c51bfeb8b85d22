import { BaseTransformer } from '@adonisjs/core/transformers'

/** The referral programme a page offers: its product and the script that shows it. */
export type ReferralOffer = { productId: string; script: string }

export default class ReferralOfferTransformer extends BaseTransformer<ReferralOffer> {
  toObject() {
    return this.pick(this.resource, ['productId', 'script'])
  }
}
