import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const FlagsPageController = () => import('#controllers/limits/flags_page_controller')
const PaywallPageController = () => import('#controllers/limits/paywall_page_controller')

/* The paywall page and the admins' remote flags page (404 for everyone else). */
router
  .group(() => {
    router.get('/paywall', [PaywallPageController, 'show']).as('paywall.show')
    router.get('/admin/flags', [FlagsPageController, 'show']).as('admin_flags.show')
    router.put('/admin/flags/:name', [FlagsPageController, 'update']).as('admin_flags.update')
  })
  .use(middleware.auth())
