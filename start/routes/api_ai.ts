import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AiStreamsController = () => import('#controllers/api/ai/ai_streams_controller')

/* AI card generation under /api (docs/ai-generation.md); imported before api.ts (its /api/* catch-all). */
router
  .group(() => {
    router.post('notes/ai_document', [AiStreamsController, 'document']).as('notes.ai_document')
    router
      .post('notes/ai_stream_create', [AiStreamsController, 'store'])
      .as('notes.ai_stream_create')
    router.get('notes/stream_status', [AiStreamsController, 'show']).as('notes.stream_status')
    router.delete('notes/cancel_stream', [AiStreamsController, 'destroy']).as('notes.cancel_stream')
    router.post('notes/ai_bulk_create', [AiStreamsController, 'bulk']).as('notes.ai_bulk_create')
  })
  .prefix('/api')
  .as('api')
  .use([middleware.apiAuth(), middleware.idempotent()])
