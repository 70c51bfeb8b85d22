import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AiNoteTemplatesController = () =>
  import('#controllers/api/ai_templates/ai_note_templates_controller')

/*
 * AI note templates (spec 000 call table), signed-in only. Imported before
 * api.ts in start/routes.ts (its /api/* catch-all); `improve` before `:id`.
 */
router
  .group(() => {
    router
      .get('ai_note_templates', [AiNoteTemplatesController, 'index'])
      .as('ai_note_templates.index')
    router
      .post('ai_note_templates', [AiNoteTemplatesController, 'store'])
      .as('ai_note_templates.store')
    router
      .patch('ai_note_templates/improve', [AiNoteTemplatesController, 'improve'])
      .as('ai_note_templates.improve')
    router
      .put('ai_note_templates/:id', [AiNoteTemplatesController, 'update'])
      .as('ai_note_templates.update')
    router
      .delete('ai_note_templates/:id', [AiNoteTemplatesController, 'destroy'])
      .as('ai_note_templates.destroy')
    router
      .post('ai_note_templates/:id/apply', [AiNoteTemplatesController, 'apply'])
      .as('ai_note_templates.apply')
  })
  .use([middleware.apiAuth(), middleware.idempotent()])
  .prefix('/api')
  .as('api')
