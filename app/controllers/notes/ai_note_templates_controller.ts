import ApiAiNoteTemplatesController from '#controllers/api/ai_note_templates_controller'

/** The note editor's template popup: the same calls as the API, signed in by the session (CSRF on). */
export default class AiNoteTemplatesController extends ApiAiNoteTemplatesController {
  protected guard = 'web' as const
}
