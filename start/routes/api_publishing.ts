import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const PublishingController = () => import('#controllers/api/publishing/publishing_controller')
const LibraryClonesController = () => import('#controllers/api/library/library_clones_controller')
const ModerationController = () => import('#controllers/api/publishing/moderation_controller')

/*
 * Publishing, cloning from the library and moderation, under /api like
 * start/routes/api.ts; imported before it (api.ts ends with the /api/* catch-all).
 */
router
  .group(() => {
    router
      .group(() => {
        router.post('decks/:id/publish', [PublishingController, 'publish']).as('decks.publish')
        router
          .post('decks/:id/pull_library_update', [LibraryClonesController, 'pull'])
          .as('decks.pull_library_update')
        router.get('deck_revisions/:id', [PublishingController, 'show']).as('deck_revisions.show')
        router
          .post('deck_revisions/:id/unpublish', [PublishingController, 'unpublish'])
          .as('deck_revisions.unpublish')
        router
          .post('library/clone_deck', [LibraryClonesController, 'store'])
          .as('library.clone_deck')
        router
          .post('library_decks/:id/report', [LibraryClonesController, 'report'])
          .as('library_decks.report')
        router.get('moderation', [ModerationController, 'index']).as('moderation.index')
        router
          .post('moderation/deck_revisions/:id/approve', [ModerationController, 'approve'])
          .as('moderation.approve')
        router
          .post('moderation/deck_revisions/:id/reject', [ModerationController, 'reject'])
          .as('moderation.reject')
        router
          .post('moderation/reports/:id', [ModerationController, 'closeReport'])
          .as('moderation.reports.close')
      })
      .use([middleware.apiAuth(), middleware.idempotent()])
  })
  .prefix('/api')
  .as('api')
