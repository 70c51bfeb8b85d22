import { BaseTransformer } from '@adonisjs/core/transformers'
import type { I18n } from '@adonisjs/i18n'
import type AiNoteTemplate from '#models/ai_note_template'

/** The spec's AI note template: id, name, prompt, default (a built-in, in the reader's language). */
export default class AiNoteTemplateTransformer extends BaseTransformer<AiNoteTemplate> {
  constructor(
    template: AiNoteTemplate,
    protected i18n: I18n
  ) {
    super(template)
  }

  toObject() {
    const template = this.resource
    const key = template.builtinKey
    return {
      id: template.id,
      name: key ? this.i18n.t(`ui.ai_templates.builtin.${key}.name`) : template.name,
      prompt: key ? this.i18n.t(`ui.ai_templates.builtin.${key}.prompt`) : template.prompt,
      default: Boolean(key),
    }
  }
}
