import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const RemoteFlagsController = () => import('#controllers/api/limits/remote_flags_controller')
const PaywallController = () => import('#controllers/api/limits/paywall_controller')

/* Remote flags and the paywall's offer, under /api; imported before api.ts (its /api/* catch-all). */
router
  .group(() => {
    router.get('remote_flags', [RemoteFlagsController, 'index']).as('remote_flags.index')
    router.get('paywall', [PaywallController, 'show']).as('paywall.show')
    router
      .put('remote_flags/:name', [RemoteFlagsController, 'update'])
      .as('remote_flags.update')
      .use([middleware.apiAuth(), middleware.idempotent()])
  })
  .prefix('/api')
  .as('api')
