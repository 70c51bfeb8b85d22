import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const MediaHelpersController = () => import('#controllers/media/media_helpers_controller')

/*
 * Media helpers (spec 000 call table: ai/image_occlusion, images/...;
 * docs/media-helpers.md), signed-in only. Imported before api.ts in start/routes.ts
 * (its /api/* catch-all).
 */
router
  .group(() => {
    router
      .group(() => {
        router
          .post('ai/image_occlusion', [MediaHelpersController, 'imageOcclusion'])
          .as('ai.image_occlusion')
        router
          .get('images/suggestions', [MediaHelpersController, 'suggestions'])
          .as('images.suggestions')
        router
          .post('images/mark_download', [MediaHelpersController, 'markDownload'])
          .as('images.mark_download')
        router
          .post('cards/:id/daily_events', [MediaHelpersController, 'cardEvent'])
          .as('cards.daily_events')
      })
      .use([middleware.apiAuth(), middleware.idempotent()])
  })
  .prefix('/api')
  .as('api')
