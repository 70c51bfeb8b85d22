import type { HttpContext } from '@adonisjs/core/http'
import { applyTemplate, improvePrompt } from '#ai/note_templates'
import { deleteTemplate, saveTemplate } from '#actions/ai_templates/save_template'
import { findTemplate, listTemplates } from '#queries/ai_templates/find_template'
import AiNoteTemplateTransformer from '#transformers/ai_note_template_transformer'
import AiTemplateAppliedTransformer from '#transformers/ai_template_applied_transformer'
import AiTemplateImprovedTransformer from '#transformers/ai_template_improved_transformer'
import { serialize } from '#transformers/serialize'
import {
  aiTemplateValidator,
  applyAiTemplateValidator,
  improveAiTemplateValidator,
} from '#validators/ai'

/** Aborts when the client goes away before the answer, so a provider call is not paid for nothing. */
function clientGone(ctx: HttpContext) {
  const controller = new AbortController()
  ctx.response.response.once('close', () => {
    if (!ctx.response.response.writableFinished) controller.abort()
  })
  return controller.signal
}

/**
 * AI note templates (spec 000: GET/POST ai_note_templates, PUT/DELETE ai_note_templates/{id},
 * POST …/{id}/apply, PATCH …/improve): what the API's door
 * (controllers/api/ai_note_templates_controller.ts) and the editor's web door
 * (controllers/notes/ai_note_templates_controller.ts, the session guard) share.
 */
export default class AiNoteTemplatesBase {
  protected guard: 'api' | 'web' = 'api'

  protected user(ctx: HttpContext) {
    return ctx.auth.use(this.guard).getUserOrFail()
  }

  async index(ctx: HttpContext) {
    const templates = await listTemplates(this.user(ctx))
    return serialize(AiNoteTemplateTransformer.transform(templates, ctx.i18n))
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(aiTemplateValidator)
    const template = await saveTemplate(this.user(ctx), input)
    const created = await serialize(AiNoteTemplateTransformer.transform(template, ctx.i18n))
    return ctx.response.created(created)
  }

  async update(ctx: HttpContext) {
    const user = this.user(ctx)
    await findTemplate(user, ctx.params.id, 'manage')
    const input = await ctx.request.validateUsing(aiTemplateValidator)
    const template = await saveTemplate(user, { ...input, id: ctx.params.id })
    return serialize(AiNoteTemplateTransformer.transform(template, ctx.i18n))
  }

  async destroy(ctx: HttpContext) {
    await deleteTemplate(this.user(ctx), { id: ctx.params.id })
    return ctx.response.noContent()
  }

  /**
   * The card's fields rewritten by the template: shown to the user, who keeps or drops them (nothing is saved
   * here).
   */
  async apply(ctx: HttpContext) {
    const user = this.user(ctx)
    const template = await findTemplate(user, ctx.params.id, 'apply')
    const input = await ctx.request.validateUsing(applyAiTemplateValidator)
    const prompt = new AiNoteTemplateTransformer(template, ctx.i18n).toObject().prompt
    const fields = await applyTemplate(
      prompt,
      { fields: input.fields, attachments: input.field_attachments_map, reverse: input.reverse },
      clientGone(ctx)
    )
    return serialize(AiTemplateAppliedTransformer.transform({ fields }))
  }

  async improve(ctx: HttpContext) {
    this.user(ctx)
    const input = await ctx.request.validateUsing(improveAiTemplateValidator)
    const prompt = await improvePrompt(
      { prompt: input.prompt, front: input.front_side, back: input.back_side },
      clientGone(ctx)
    )
    return serialize(AiTemplateImprovedTransformer.transform({ prompt }))
  }
}
