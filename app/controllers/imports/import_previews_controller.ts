import type { HttpContext } from '@adonisjs/core/http'
import { previewText } from '#queries/imports/preview_text'
import ImportTransformer from '#transformers/import_transformer'
import { importPreviewValidator } from '#validators/imports'

export type { ImportPreview } from '#transformers/import_transformer'

/** POST /deck_imports/preview: what a text import would read, before the upload. */
export default class ImportPreviewsController {
  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(importPreviewValidator)
    return ImportTransformer.forPreview(previewText(input), Boolean(input.card_separator || input.field_separator))
  }
}
