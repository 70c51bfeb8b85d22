import type { HttpContext } from '@adonisjs/core/http'
import AiNoteTemplatesBase from '#controllers/api/ai_templates/ai_note_templates_base'
import { activeProvider } from '#ai/cards'
import { listTemplates } from '#queries/ai_templates/find_template'
import AiNoteTemplateTransformer from '#transformers/ai_note_template_transformer'

/**
 * The note editor's template popup: the same calls as the API, signed in by the
 * session (CSRF on); its list also says which AI provider answers ('offline': none),
 * so the popup can say that templates cannot be applied here.
 */
export default class AiNoteTemplatesController extends AiNoteTemplatesBase {
  protected guard = 'web' as const

  async list(ctx: HttpContext) {
    return {
      templates: AiNoteTemplateTransformer.list(await listTemplates(this.user(ctx)), ctx.i18n),
      provider: activeProvider(),
    }
  }
}
