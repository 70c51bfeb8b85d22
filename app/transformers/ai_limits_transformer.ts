import { BaseTransformer } from '@adonisjs/core/transformers'

/** The generator's caps: cards per stream for this learner and by plan, and a PDF's size and pages. */
export type AiLimits = {
  maxCards: number
  freeMaxCards: number
  premiumMaxCards: number
  pdfMaxMb: number
  maxPages: number
}

/** The AI generator page's limits (its `limits` prop). */
export default class AiLimitsTransformer extends BaseTransformer<AiLimits> {
  toObject() {
    return this.pick(this.resource, [
      'maxCards',
      'freeMaxCards',
      'premiumMaxCards',
      'pdfMaxMb',
      'maxPages',
    ])
  }
}
