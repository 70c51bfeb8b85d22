import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { sharedDeckThrottle } from '#start/limiter'

const SharedDecksController = () => import('#controllers/api/sharing/shared_decks_controller')
const DeckCollaboratorsController = () =>
  import('#controllers/api/sharing/deck_collaborators_controller')

/*
 * Shared decks and collaborators, under /api like start/routes/api.ts; imported
 * before api.ts (which ends with the /api/* catch-all). A shared deck's link
 * reads without signing in (a bearer token, when sent, names the reader).
 */
router
  .group(() => {
    router
      .group(() => {
        router.get('v2/decks/:token', [SharedDecksController, 'show']).as('shared_decks.show')
        router
          .get('v2/decks/:token/notes', [SharedDecksController, 'notes'])
          .as('shared_decks.notes')
        router
          .get('v2/decks/:token/cards', [SharedDecksController, 'cards'])
          .as('shared_decks.cards')
      })
      .use(sharedDeckThrottle)

    router
      .group(() => {
        router
          .get('deck_collaborators', [DeckCollaboratorsController, 'index'])
          .as('deck_collaborators.index')
        router
          .post('deck_collaborators', [DeckCollaboratorsController, 'store'])
          .as('deck_collaborators.store')
        router
          .put('deck_collaborators/:id', [DeckCollaboratorsController, 'update'])
          .as('deck_collaborators.update')
        router
          .delete('deck_collaborators/:id', [DeckCollaboratorsController, 'destroy'])
          .as('deck_collaborators.destroy')
      })
      .use([middleware.apiAuth(), middleware.idempotent()])
  })
  .prefix('/api')
  .as('api')
