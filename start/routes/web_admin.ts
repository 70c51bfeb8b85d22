import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AdminPagesController = () => import('#controllers/admin/admin_pages_controller')

/* The admins' pages (a 404 for everyone else); stopping a masquerade is the masqueraded session's own way back. */
router
  .group(() => {
    router.get('/admin', [AdminPagesController, 'home']).as('admin.home')
    router.get('/admin/users', [AdminPagesController, 'users']).as('admin.users')
    router.get('/admin/audit', [AdminPagesController, 'audit']).as('admin.audit')
    router.post('/admin/experiments', [AdminPagesController, 'experiments']).as('admin.experiments')
    router.post('/admin/debug_menu', [AdminPagesController, 'debugMenu']).as('admin.debug_menu')
    router
      .post('/admin/masquerade/stop', [AdminPagesController, 'stopMasquerade'])
      .as('admin.masquerade.stop')
    router
      .group(() => {
        router.get('/admin/users/:id', [AdminPagesController, 'user']).as('admin.users.show')
        router
          .post('/admin/users/:id/premium', [AdminPagesController, 'premium'])
          .as('admin.users.premium')
        router
          .post('/admin/users/:id/masquerade', [AdminPagesController, 'masquerade'])
          .as('admin.users.masquerade')
      })
      .where('id', router.matchers.number())
  })
  .use(middleware.auth())
