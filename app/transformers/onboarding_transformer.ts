import type User from '#models/user'
import type { Suggestion } from '#queries/onboarding/personalisation'

/** The spec's Onboarding entity: isComplete and the personalised decks (id, title, description, cardsCount). */
export default class OnboardingTransformer {
  static personalisation(user: User, answers: Record<string, unknown>, decks: Suggestion[]) {
    return {
      isComplete: user.onboardingComplete,
      onboardingData: answers,
      personalisedDecks: decks.map((deck) => this.deck(deck)),
    }
  }

  static deck(deck: Suggestion) {
    return { id: deck.id, title: deck.title, description: deck.description, cardsCount: deck.cardsCount, slug: deck.slug, category: deck.category, subcategory: deck.subcategory }
  }
}
