import type { HttpContext } from '@adonisjs/core/http'
import { previewText } from '#queries/imports/preview_text'
import ImportPreviewTransformer from '#transformers/import_preview_transformer'
import { serialize } from '#transformers/serialize'
import { importPreviewValidator } from '#validators/imports'

/** POST /deck_imports/preview: what a text import would read, before the upload. */
export default class ImportPreviewsController {
  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(importPreviewValidator)
    const chosen = Boolean(input.card_separator || input.field_separator)
    return serialize(ImportPreviewTransformer.transform(previewText(input), chosen))
  }
}
