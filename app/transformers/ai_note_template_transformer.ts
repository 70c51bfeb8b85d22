import type { I18n } from '@adonisjs/i18n'
import type AiNoteTemplate from '#models/ai_note_template'

/** The spec's AI note template: id, name, prompt, default (a built-in, in the reader's language). */
export default class AiNoteTemplateTransformer {
  static forApi(template: AiNoteTemplate, i18n: I18n) {
    const key = template.builtinKey
    return {
      id: template.id,
      name: key ? i18n.t(`ui.ai_templates.builtin.${key}.name`) : template.name,
      prompt: key ? i18n.t(`ui.ai_templates.builtin.${key}.prompt`) : template.prompt,
      default: Boolean(key),
    }
  }

  static list(templates: AiNoteTemplate[], i18n: I18n) {
    return templates.map((template) => this.forApi(template, i18n))
  }
}
