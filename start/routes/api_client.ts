import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ClientController = () => import('#controllers/api/client/client_controller')
const WrappedShareController = () => import('#controllers/client/wrapped_share_controller')

/*
 * The apps' events shown, app rating and the year-in-review share image,
 * under /api; imported before api.ts (its /api/* catch-all).
 */
router
  .group(() => {
    router
      .group(() => {
        router.post('events', [ClientController, 'recordEvent']).as('events.store')
        router.get('events/check', [ClientController, 'checkEvent']).as('events.check')
        router.post('app_ratings.json', [ClientController, 'rate']).as('app_ratings.store')
        /* a fixed path, registered ahead of any users/:id */
        router
          .get('users/wrapped/share.png', [WrappedShareController, 'api'])
          .as('users.wrapped.share')
      })
      .use([middleware.apiAuth(), middleware.idempotent()])
  })
  .prefix('/api')
  .as('api')
