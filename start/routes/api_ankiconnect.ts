import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AnkiconnectKeysController = () =>
  import('#controllers/api/ankiconnect/ankiconnect_keys_controller')

/* the learner's AnkiConnect key (docs/ankiconnect.md), under /api; imported before api.ts (its /api/* catch-all) */
router
  .group(() => {
    router
      .group(() => {
        router
          .post('ankiconnect_key', [AnkiconnectKeysController, 'store'])
          .as('ankiconnect_key.store')
      })
      .use([middleware.apiAuth(), middleware.idempotent()])
  })
  .prefix('/api')
  .as('api')
