import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const OnboardingPageController = () => import('#controllers/onboarding/onboarding_page_controller')
const CardStyleController = () => import('#controllers/card_presets/card_style_controller')

/* The onboarding, the deck's card style screen and the learner's own presets (web session, CSRF). */
router
  .group(() => {
    router.get('/onboarding', [OnboardingPageController, 'show']).as('onboarding.show')
    router
      .put('/onboarding/answers', [OnboardingPageController, 'answers'])
      .as('onboarding.answers')
    router.post('/onboarding/start', [OnboardingPageController, 'start']).as('onboarding.start')
    router.post('/onboarding/skip', [OnboardingPageController, 'skip']).as('onboarding.skip')
    router
      .post('/onboarding/ai-example', [OnboardingPageController, 'aiExample'])
      .as('onboarding.ai_example')

    router
      .get('/decks/:id/card-style', [CardStyleController, 'show'])
      .as('decks.card_style')
      .where('id', router.matchers.number())
    router
      .post('/card-presets/preview', [CardStyleController, 'preview'])
      .as('card_presets.preview')
    router.post('/card-presets', [CardStyleController, 'store']).as('card_presets.store')
    router
      .put('/card-presets/:id', [CardStyleController, 'update'])
      .as('card_presets.update')
      .where('id', router.matchers.number())
    router
      .delete('/card-presets/:id', [CardStyleController, 'destroy'])
      .as('card_presets.destroy')
      .where('id', router.matchers.number())
  })
  .use(middleware.auth())

/* the card fonts are public (a card preview on a signed-out page may use them) */
router.get('/fonts/cards/:file', [CardStyleController, 'font']).as('fonts.card')
