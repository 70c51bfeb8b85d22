import { BaseTransformer } from '@adonisjs/core/transformers'

/** A library deck the learner marked as interesting during the onboarding. */
type DeckInterest = { deckId: number }

/** POST onboarding/interested: the deck the learner is interested in. */
export default class DeckInterestTransformer extends BaseTransformer<DeckInterest> {
  toObject() {
    return { deckId: this.resource.deckId, interested: true }
  }
}
