import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const EditorMediaController = () => import('#controllers/media/editor_media_controller')

/* the note editor's media tools (docs/media-helpers.md): JSON calls with the session and the XSRF header */
router
  .group(() => {
    router.post('/notes/scan_text', [EditorMediaController, 'scanText']).as('notes.scan_text')
    router.get('/notes/image_search', [EditorMediaController, 'search']).as('notes.image_search')
    router
      .post('/notes/image_search/pick', [EditorMediaController, 'pick'])
      .as('notes.image_search.pick')
    router
      .post('/learn/cards/:id/daily_events', [EditorMediaController, 'cardEvent'])
      .as('learn.cards.daily_events')
      .where('id', router.matchers.number())
  })
  .use([middleware.auth(), middleware.keepFlash()])
