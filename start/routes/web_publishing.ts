import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ModerationPageController = () => import('#controllers/publishing/moderation_page_controller')
const DeckPublishingController = () => import('#controllers/publishing/deck_publishing_controller')

/* Publishing from the deck page, cloning from the library, and the moderators' page. */
router
  .group(() => {
    router
      .group(() => {
        router.post('/decks/:id/publish', [DeckPublishingController, 'publish']).as('decks.publish')
        router
          .post('/decks/:id/pull_library_update', [DeckPublishingController, 'pull'])
          .as('decks.pull_library_update')
        router
          .post('/deck_revisions/:id/unpublish', [DeckPublishingController, 'unpublish'])
          .as('deck_revisions.unpublish')
        router
          .post('/moderation/deck_revisions/:id/approve', [ModerationPageController, 'approve'])
          .as('moderation.approve')
        router
          .post('/moderation/deck_revisions/:id/reject', [ModerationPageController, 'reject'])
          .as('moderation.reject')
        router
          .post('/moderation/reports/:id', [ModerationPageController, 'closeReport'])
          .as('moderation.reports.close')
      })
      .where('id', router.matchers.number())
    router.post('/library/clone_deck', [DeckPublishingController, 'clone']).as('library.clone_deck')
    router.get('/moderation', [ModerationPageController, 'show']).as('moderation.show')
  })
  .use(middleware.auth())
