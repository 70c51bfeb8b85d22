import router from '@adonisjs/core/services/router'
import transmit from '@adonisjs/transmit/services/main'
import { middleware } from '#start/kernel'
import { authorizeStreamChannel, STREAM_CHANNEL_PATTERN } from '#services/ai_events'
import { listenForBroadcasts } from '#services/pg_bus_transport'

const AiGeneratorController = () => import('#controllers/ai/ai_generator_controller')

/* the AI flashcard generator page and its JSON calls (session and XSRF header), README: AI card generation */
router
  .group(() => {
    router.get('/ai/generate', [AiGeneratorController, 'page']).as('ai.generate')
    router.post('/ai/documents', [AiGeneratorController, 'document']).as('ai.documents')
    router.post('/ai/streams', [AiGeneratorController, 'store']).as('ai.streams.store')
    router.get('/ai/streams/:id', [AiGeneratorController, 'show']).as('ai.streams.show').where('id', router.matchers.number())
    router.delete('/ai/streams/:id', [AiGeneratorController, 'destroy']).as('ai.streams.destroy').where('id', router.matchers.number())
  })
  .use(middleware.auth())

/* server-sent events (transmit): a signed-in user subscribes to channels they are authorized for */
transmit.registerRoutes((route) => route.use(middleware.auth()))
transmit.authorize<{ id: string }>(STREAM_CHANNEL_PATTERN, authorizeStreamChannel)
/* the worker's broadcasts reach this process once a browser listens (config/transmit.ts) */
transmit.on('subscribe', () => void listenForBroadcasts())
