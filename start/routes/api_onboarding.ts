import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const OnboardingController = () => import('#controllers/api/onboarding/onboarding_controller')
const CardPresetsController = () => import('#controllers/api/card_presets/card_presets_controller')

/* Onboarding and card presets under /api; imported before api.ts (its /api/* catch-all). */
router
  .group(() => {
    router
      .post('onboarding/get_personalisation_data.json', [OnboardingController, 'personalisation'])
      .as('onboarding.personalisation')
    router
      .post('onboarding/mark_deck_as_interested', [OnboardingController, 'interested'])
      .as('onboarding.interested')
    router
      .get('onboarding/subject_list', [OnboardingController, 'subjects'])
      .as('onboarding.subjects')
    router.get('card_presets', [CardPresetsController, 'index']).as('card_presets.index')
    router.post('card_presets', [CardPresetsController, 'store']).as('card_presets.store')
    router.put('card_presets/:id', [CardPresetsController, 'update']).as('card_presets.update')
    router.delete('card_presets/:id', [CardPresetsController, 'destroy']).as('card_presets.destroy')
  })
  .prefix('/api')
  .as('api')
  .use([middleware.apiAuth(), middleware.idempotent()])
