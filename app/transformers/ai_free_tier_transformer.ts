import { BaseTransformer } from '@adonisjs/core/transformers'

/** The free generations a learner without premium has left, by kind (freeTierOf); premium has none to count. */
export type FreeTier = { aiGenWithPrompt: number; aiGenWithPdf: number; aiGenCardBuilder: number }

/** The User entity's freeTier: what the generator page and every stream call show. */
export default class AiFreeTierTransformer extends BaseTransformer<FreeTier> {
  toObject() {
    return this.pick(this.resource, ['aiGenWithPrompt', 'aiGenWithPdf', 'aiGenCardBuilder'])
  }
}
