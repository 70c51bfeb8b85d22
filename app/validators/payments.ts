import vine from '@vinejs/vine'

/* the bodies of the payment calls, as the spec's call table writes them */
const tier = vine.enum(['monthly', 'yearly', 'lifetime'] as const)
const intentId = vine
  .string()
  .trim()
  .regex(/^pi_[A-Za-z0-9_]{1,200}$/)
/* what POST intent answered: a payment intent, or a first subscription's setup intent (its trial) */
const answeredIntentId = vine
  .string()
  .trim()
  .regex(/^(pi|seti)_[A-Za-z0-9_]{1,200}$/)

export const createIntentValidator = vine.create({ pricing_tier: tier })
export const patchIntentValidator = vine.create({
  payment_intent_id: intentId,
  upgrade: vine.boolean(),
})
export const updateIntentValidator = vine.create({
  payment_intent_id: answeredIntentId,
  promo_code: vine.string().trim().maxLength(100).optional(),
  promo_action: vine.enum(['apply', 'remove'] as const),
})
