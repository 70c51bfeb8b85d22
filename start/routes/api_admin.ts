import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { authThrottle } from '#start/limiter'

const AdminController = () => import('#controllers/api/admin/admin_controller')

/*
 * The admin API under /api, imported before api.ts (whose /api/* catch-all
 * must come last). POST admin/token is throttled like sign-in; every other
 * call needs the header Admin-Authorization alone (no bearer token).
 */
router
  .group(() => {
    router
      .post('admin/token', [AdminController, 'token'])
      .as('admin.token')
      .use([authThrottle, middleware.idempotent()])
    router
      .group(() => {
        router.get('admin/masquerade', [AdminController, 'masquerade']).as('admin.masquerade')
        router.get('admin/experiments', [AdminController, 'experiments']).as('admin.experiments')
        router.put('admin/update_self', [AdminController, 'updateSelf']).as('admin.update_self')
        router
          .put('admin/users/:id/premium', [AdminController, 'premium'])
          .as('admin.users.premium')
      })
      .use(middleware.adminAuth())
  })
  .prefix('/api')
  .as('api')
