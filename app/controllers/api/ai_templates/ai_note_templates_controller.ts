import AiNoteTemplatesBase from '#controllers/api/ai_templates/ai_note_templates_base'

/** AI note templates for the apps (spec 000), signed in by their bearer token: the calls are AiNoteTemplatesBase's. */
export default class AiNoteTemplatesController extends AiNoteTemplatesBase {
  protected guard = 'api' as const
}
