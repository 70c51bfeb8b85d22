import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Intent } from '#transformers/intent_transformer'

/** subscriptions/patch_intent: the intent re-priced, and whether it is now the lifetime upgrade. */
export default class PatchedIntentTransformer extends BaseTransformer<
  Intent & { amount: number; upgrade: boolean }
> {
  toObject() {
    return this.pick(this.resource, ['paymentIntentId', 'clientSecret', 'amount', 'upgrade'])
  }
}
