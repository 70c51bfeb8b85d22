import { BaseTransformer } from '@adonisjs/core/transformers'

/** POST ai_note_templates/{id}/apply: the card's fields as the template rewrote them (nothing saved). */
export default class AiTemplateAppliedTransformer extends BaseTransformer<{
  fields: Record<string, string | null>
}> {
  toObject() {
    return { fields: this.resource.fields }
  }
}
