import type { HttpContext } from '@adonisjs/core/http'
import AiNoteTemplatesBase from '#controllers/api/ai_templates/ai_note_templates_base'
import { activeProvider } from '#ai/cards'
import { listTemplates } from '#queries/ai_templates/find_template'
import AiTemplateChoicesTransformer from '#transformers/ai_template_choices_transformer'
import { serialize } from '#transformers/serialize'

/**
 * The note editor's template popup: the same calls as the API, signed in by the
 * session (CSRF on); its list also says which AI provider answers ('offline': none),
 * so the popup can say that templates cannot be applied here.
 */
export default class AiNoteTemplatesController extends AiNoteTemplatesBase {
  protected guard = 'web' as const

  async list(ctx: HttpContext) {
    const choices = { templates: await listTemplates(this.user(ctx)), provider: activeProvider() }
    return serialize(AiTemplateChoicesTransformer.transform(choices, ctx.i18n))
  }
}
