import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SharedDeckParticipationsController = () =>
  import('#controllers/api/participants/shared_deck_participations_controller')

/*
 * What a participant of a shared deck does with it, under /api like
 * start/routes/api.ts (imported before it: api.ts ends with the /api/* catch-all).
 */
router
  .group(() => {
    router
      .group(() => {
        router
          .delete('decks/:id/remove_shared_deck', [SharedDeckParticipationsController, 'destroy'])
          .as('decks.remove_shared_deck')
        router
          .get('decks/:id/embed', [SharedDeckParticipationsController, 'embed'])
          .as('decks.embed')
      })
      .use([middleware.apiAuth(), middleware.idempotent()])
  })
  .prefix('/api')
  .as('api')
