import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import type { SubjectList } from '#queries/onboarding/personalisation'
import type { paywallOffer } from '#services/paywall'
import type { StoredAnswers } from '#transformers/onboarding_transformer'
import SubjectListTransformer from '#transformers/subject_list_transformer'

/**
 * The onboarding page: the learner's answers so far, whether it is done,
 * whether they already have premium, the subjects and exams to choose from,
 * the paywall's offer, and where the AI example deck is made.
 */
export default class OnboardingPageTransformer extends BaseTransformer<User> {
  constructor(
    user: User,
    protected subjects: SubjectList,
    protected paywall: ReturnType<typeof paywallOffer>,
    protected aiExampleUrl: string
  ) {
    super(user)
  }

  toObject() {
    const user = this.resource
    return {
      answers: (user.onboardingData ?? {}) as StoredAnswers,
      isComplete: user.onboardingComplete,
      isPremium: user.hasPremium,
      ...new SubjectListTransformer(this.subjects).toObject(),
      paywall: this.paywall,
      /* the AI onboarding example deck (spec: 20 cards): made by POSTing here */
      aiExampleUrl: this.aiExampleUrl,
    }
  }
}
