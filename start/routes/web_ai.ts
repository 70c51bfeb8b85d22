import router from '@adonisjs/core/services/router'
import transmit from '@adonisjs/transmit/services/main'
import { middleware } from '#start/kernel'
import { authorizeStreamChannel, STREAM_CHANNEL_PATTERN } from '#services/ai_events'

const AiGeneratorController = () => import('#controllers/ai/ai_generator_controller')
const TransmitController = () => import('#controllers/ai/transmit_controller')

/* the AI flashcard generator page and its JSON calls (session and XSRF header), docs/ai-generation.md */
router
  .group(() => {
    router.get('/ai/generate', [AiGeneratorController, 'page']).as('ai.generate')
    router.post('/ai/documents', [AiGeneratorController, 'document']).as('ai.documents')
    router.post('/ai/streams', [AiGeneratorController, 'store']).as('ai.streams.store')
    router
      .get('/ai/streams/:id', [AiGeneratorController, 'show'])
      .as('ai.streams.show')
      .where('id', router.matchers.number())
    router
      .delete('/ai/streams/:id', [AiGeneratorController, 'destroy'])
      .as('ai.streams.destroy')
      .where('id', router.matchers.number())
  })
  .use([middleware.auth(), middleware.keepFlash()])

/*
 * server-sent events (transmit's paths, our controller): a signed-in user subscribes to channels they are
 * authorized for
 */
router
  .group(() => {
    router.get('/__transmit/events', [TransmitController, 'events']).as('transmit.events')
    router.post('/__transmit/subscribe', [TransmitController, 'subscribe']).as('transmit.subscribe')
    router
      .post('/__transmit/unsubscribe', [TransmitController, 'unsubscribe'])
      .as('transmit.unsubscribe')
  })
  .use(middleware.auth())
transmit.authorize<{ id: string }>(STREAM_CHANNEL_PATTERN, authorizeStreamChannel)
