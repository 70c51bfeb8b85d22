import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import type { Suggestion } from '#queries/onboarding/personalisation'

/*
 * The answers as stored: JSON values of any shape. `any`, not `unknown`: the
 * serialized type (InferData) of an unknown value is undefined, which has no JSON form.
 */
export type StoredAnswers = Record<string, any>

/** A library deck the onboarding suggests. */
function suggestion(deck: Suggestion) {
  const { id, title, description, cardsCount, slug, category, subcategory } = deck
  return { id, title, description, cardsCount, slug, category, subcategory }
}

/**
 * The spec's Onboarding entity of a learner: isComplete, the answers (the
 * stored ones, or those the call gave over them) and the personalised decks
 * (id, title, description, cardsCount).
 */
export default class OnboardingTransformer extends BaseTransformer<User> {
  constructor(
    user: User,
    protected answers: Record<string, unknown>,
    protected decks: Suggestion[]
  ) {
    super(user)
  }

  toObject() {
    return {
      isComplete: this.resource.onboardingComplete,
      onboardingData: this.answers as StoredAnswers,
      personalisedDecks: this.decks.map(suggestion),
    }
  }
}
