import type { HttpContext } from '@adonisjs/core/http'
import router from '@adonisjs/core/services/router'
import { saveOnboarding } from '#actions/onboarding/save_onboarding'
import { exampleTopic, onboardingExampleOnce } from '#actions/ai/onboarding_example'
import { startFirstDeck } from '#actions/onboarding/start_first_deck'
import {
  findSuggestableDeck,
  personalisedDecks,
  subjectList,
} from '#queries/onboarding/personalisation'
import OnboardingTransformer from '#transformers/onboarding_transformer'
import OnboardingPageTransformer from '#transformers/onboarding_page_transformer'
import { serialize } from '#transformers/serialize'
import { paywallOffer } from '#services/paywall'
import { onboardingAnswersValidator, onboardingStartValidator } from '#validators/onboarding'

/**
 * The onboarding on the web: the questions, the suggestions, the paywall and the first deck; skippable at
 * every step.
 */
export default class OnboardingPageController {
  async show({ auth, inertia, i18n }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const aiExampleUrl = router.makeUrl('onboarding.ai_example')
    const onboarding = OnboardingPageTransformer.transform(
      user,
      subjectList(i18n),
      paywallOffer(),
      aiExampleUrl
    )
    return inertia.render('onboarding/flow', { onboarding })
  }

  /** PUT /onboarding/answers (JSON): the answers so far are stored; the suggestions for them come back. */
  async answers({ auth, request }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { onboarding_data: answers } = await request.validateUsing(onboardingAnswersValidator)
    await saveOnboarding(user, { answers })
    const decks = await personalisedDecks(user.onboardingData)
    return serialize(OnboardingTransformer.transform(user, user.onboardingData, decks))
  }

  /** POST /onboarding/start {deck_id}: the chosen deck is cloned and studied at once. */
  async start({ auth, request, response }: HttpContext) {
    const { deck_id: deckId } = await request.validateUsing(onboardingStartValidator)
    const deck = await startFirstDeck(auth.use('web').getUserOrFail(), {
      publicDeckId: await findSuggestableDeck(deckId),
    })
    return response.redirect().toRoute('learn.show', { id: deck.id })
  }

  /**
   * POST /onboarding/ai-example: a deck of 20 cards made by AI about what the
   * answers say the learner wants to learn (the offline generator's bundled
   * text without a provider); the onboarding is then done and the generator's
   * page follows the cards as they come. Once per learner: again, the same page.
   */
  async aiExample({ auth, response, i18n }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const { streamId } = await onboardingExampleOnce(user, {
      topic: exampleTopic(user.onboardingData ?? {}, i18n),
    })
    await saveOnboarding(user, { complete: true })
    return response
      .redirect()
      .toRoute('ai.generate', {}, { qs: streamId ? { stream: streamId } : {} })
  }

  /** POST /onboarding/skip: done for now; home. */
  async skip({ auth, response }: HttpContext) {
    await saveOnboarding(auth.use('web').getUserOrFail(), { complete: true })
    return response.redirect().toRoute('home')
  }
}
