import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { sharedDeckThrottle } from '#start/limiter'

const SharedDeckPageController = () => import('#controllers/sharing/shared_deck_page_controller')
const CollaboratorsController = () => import('#controllers/sharing/collaborators_controller')

/* A sharing link's page reads signed out too; joining and managing participants need a session. */
router
  .get('/shared/:token', [SharedDeckPageController, 'show'])
  .as('shared.show')
  .use(sharedDeckThrottle)

router
  .group(() => {
    router.post('/shared/:token/join', [SharedDeckPageController, 'store']).as('shared.join')
    router
      .put('/collaborators/:id', [CollaboratorsController, 'update'])
      .as('collaborators.update')
      .where('id', router.matchers.number())
    router
      .delete('/collaborators/:id', [CollaboratorsController, 'destroy'])
      .as('collaborators.destroy')
      .where('id', router.matchers.number())
  })
  .use(middleware.auth())
