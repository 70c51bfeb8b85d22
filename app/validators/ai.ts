import vine from '@vinejs/vine'
import { MAX_PROMPT_LENGTH } from '#ai/note_templates'
import { noteBody } from '#validators/content'

export const aiTemplateValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(100),
  prompt: vine.string().trim().minLength(1).maxLength(MAX_PROMPT_LENGTH),
})

/* the note's fields as the editor holds them (keyed by field id or title, like POST notes) */
export const applyAiTemplateValidator = vine.create({
  fields: noteBody.fields,
  field_attachments_map: noteBody.field_attachments_map,
  reverse: vine.boolean().optional(),
})

/* the spec's body; the example sides are optional (an improvement without an example card) */
export const improveAiTemplateValidator = vine.create({
  prompt: vine.string().trim().minLength(1).maxLength(MAX_PROMPT_LENGTH),
  front_side: vine.string().maxLength(100_000).nullable().optional(),
  back_side: vine.string().maxLength(100_000).nullable().optional(),
})
