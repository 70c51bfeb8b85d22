import { BaseTransformer } from '@adonisjs/core/transformers'
import type { InheritedLimits } from '#types/decks'

/** What a deck's daily-limit fields left empty mean: its main deck's or its preset's limits, or none. */
export default class DeckLimitsTransformer extends BaseTransformer<InheritedLimits> {
  toObject() {
    return this.pick(this.resource, ['preset', 'newCardsPerDay', 'maxCardsPerDay'])
  }
}
