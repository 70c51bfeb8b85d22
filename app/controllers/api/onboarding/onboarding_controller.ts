import type { HttpContext } from '@adonisjs/core/http'
import { markDeckInterested, mergeAnswers } from '#actions/onboarding/save_onboarding'
import {
  findSuggestableDeck,
  personalisedDecks,
  subjectList,
} from '#queries/onboarding/personalisation'
import OnboardingTransformer from '#transformers/onboarding_transformer'
import DeckInterestTransformer from '#transformers/deck_interest_transformer'
import SubjectListTransformer from '#transformers/subject_list_transformer'
import { serialize } from '#transformers/serialize'
import { interestedValidator, personalisationValidator } from '#validators/onboarding'

/** The spec's onboarding calls: personalised decks, a deck marked as interesting, the subject list. */
export default class OnboardingController {
  /** POST onboarding/get_personalisation_data.json: the stored answers (with any sent over them, not stored). */
  async personalisation({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { onboarding_data: given } = await request.validateUsing(personalisationValidator)
    const answers = mergeAnswers(user.onboardingData ?? {}, given)
    const decks = await personalisedDecks(answers)
    return serialize(OnboardingTransformer.transform(user, answers, decks))
  }

  async interested({ auth, request }: HttpContext) {
    const { deck_id: deckId } = await request.validateUsing(interestedValidator)
    await markDeckInterested(auth.use('api').getUserOrFail(), {
      publicDeckId: await findSuggestableDeck(deckId),
    })
    return serialize(DeckInterestTransformer.transform({ deckId }))
  }

  async subjects({ i18n }: HttpContext) {
    return serialize(SubjectListTransformer.transform(subjectList(i18n)))
  }
}
