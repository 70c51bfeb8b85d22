import { BaseTransformer } from '@adonisjs/core/transformers'
import type { I18n } from '@adonisjs/i18n'
import type AiNoteTemplate from '#models/ai_note_template'
import type { activeProvider } from '#ai/cards'
import AiNoteTemplateTransformer from '#transformers/ai_note_template_transformer'

type Choices = { templates: AiNoteTemplate[]; provider: ReturnType<typeof activeProvider> }

/** The note editor's template popup: the learner's templates, and which AI provider answers ('offline': none). */
export default class AiTemplateChoicesTransformer extends BaseTransformer<Choices> {
  constructor(
    choices: Choices,
    protected i18n: I18n
  ) {
    super(choices)
  }

  toObject() {
    const { templates, provider } = this.resource
    return { templates: AiNoteTemplateTransformer.transform(templates, this.i18n), provider }
  }
}
