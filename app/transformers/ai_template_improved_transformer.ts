import { BaseTransformer } from '@adonisjs/core/transformers'

/** PATCH ai_note_templates/improve: the prompt as the AI rewrote it. */
export default class AiTemplateImprovedTransformer extends BaseTransformer<{ prompt: string }> {
  toObject() {
    return { prompt: this.resource.prompt }
  }
}
