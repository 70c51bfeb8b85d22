import { BaseTransformer } from '@adonisjs/core/transformers'

/** A Stripe intent as the checkout needs it (actions/payments/intents.ts). */
export type Intent = { paymentIntentId: string; clientSecret: string }

/** subscriptions/create_intent and the checkout's intent: what Stripe Elements confirms. */
export default class IntentTransformer extends BaseTransformer<Intent> {
  toObject() {
    return this.pick(this.resource, ['paymentIntentId', 'clientSecret'])
  }
}
