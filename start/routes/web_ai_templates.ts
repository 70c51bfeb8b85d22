import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AiNoteTemplatesController = () => import('#controllers/notes/ai_note_templates_controller')

/* the note editor's AI template popup: JSON calls under the session (CSRF on), as the API's */
router
  .group(() => {
    router
      .get('/ai_note_templates', [AiNoteTemplatesController, 'list'])
      .as('ai_note_templates.index')
    router
      .post('/ai_note_templates', [AiNoteTemplatesController, 'store'])
      .as('ai_note_templates.store')
    router
      .patch('/ai_note_templates/improve', [AiNoteTemplatesController, 'improve'])
      .as('ai_note_templates.improve')
    router
      .put('/ai_note_templates/:id', [AiNoteTemplatesController, 'update'])
      .as('ai_note_templates.update')
    router
      .delete('/ai_note_templates/:id', [AiNoteTemplatesController, 'destroy'])
      .as('ai_note_templates.destroy')
    router
      .post('/ai_note_templates/:id/apply', [AiNoteTemplatesController, 'apply'])
      .as('ai_note_templates.apply')
  })
  .use(middleware.auth())
