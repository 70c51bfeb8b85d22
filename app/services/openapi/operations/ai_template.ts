/* ai_template */
import type { Operations } from '#services/openapi/operation'
import {
  aiTemplateValidator,
  applyAiTemplateValidator,
  improveAiTemplateValidator,
} from '#validators/ai'

export const aiTemplateOperations: Operations = {
  'GET /ai_note_templates': {
    summary: "The AI note templates: the built-ins first, then the user's own",
    ok: { 200: 'AiTemplateList' },
  },
  'POST /ai_note_templates': {
    summary: "Create a template of one's own (at most 100: 422 E_AI_TEMPLATE_LIMIT)",
    body: aiTemplateValidator,
    ok: { 201: 'AiTemplate' },
  },
  'PATCH /ai_note_templates/improve': {
    summary: "A clearer wording of a template's prompt, optionally shaped by an example card",
    body: improveAiTemplateValidator,
    ok: { 200: 'AiTemplateImproved' },
    errors: [429, 502],
  },
  'PUT /ai_note_templates/{id}': {
    summary: "Rename or reword one of one's own templates",
    body: aiTemplateValidator,
    ok: { 200: 'AiTemplate' },
    errors: [403, 404],
  },
  'DELETE /ai_note_templates/{id}': {
    summary: "Delete one of one's own templates",
    ok: { 204: null },
    errors: [403, 404],
  },
  'POST /ai_note_templates/{id}/apply': {
    summary: "The card's fields rewritten by the template (nothing is saved)",
    description:
      "The card's fields rewritten by the template (nothing is saved). Fields with image-occlusion " +
      'masks are returned unchanged; reverse tells the provider the card is also studied back to front',
    body: applyAiTemplateValidator,
    ok: { 200: 'AiTemplateApplied' },
    errors: [404, 429, 502],
  },
}
