import type { HttpContext } from '@adonisjs/core/http'
import type DeckImport from '#models/deck_import'
import { receiveUpload } from '#actions/imports/receive_upload'
import { incomingUpload } from '#services/import_upload'
import { retryImport } from '#actions/imports/retry_import'
import { cancelImport } from '#actions/imports/cancel_import'
import { findImport } from '#queries/imports/find_import'
import { importProgress } from '#queries/imports/import_progress'
import ImportTransformer from '#transformers/import_transformer'
import { serialize } from '#transformers/serialize'

const forDialog = async (ctx: HttpContext, record: DeckImport) => {
  const dialog = { progress: await importProgress(record), i18n: ctx.i18n }
  return serialize(ImportTransformer.transform(record, dialog).useVariant('forDialog'))
}

/**
 * The web door to deck imports (the upload dialog's JSON calls), the same
 * actions as the API's. Their routes keep the flash for the page (keepFlash).
 */
export default class DeckImportsController {
  async store(ctx: HttpContext) {
    ctx.session.reflash()
    const record = await receiveUpload(ctx.auth.use('web').getUserOrFail(), {
      upload: incomingUpload(ctx),
    })
    return ctx.response.accepted(await forDialog(ctx, record))
  }

  async show(ctx: HttpContext) {
    return forDialog(ctx, await findImport(ctx.auth.use('web').getUserOrFail(), ctx.params.id))
  }

  async retry(ctx: HttpContext) {
    ctx.session.reflash()
    const record = await retryImport(ctx.auth.use('web').getUserOrFail(), { id: ctx.params.id })
    return ctx.response.accepted(await forDialog(ctx, record))
  }

  async destroy(ctx: HttpContext) {
    ctx.session.reflash()
    return forDialog(
      ctx,
      await cancelImport(ctx.auth.use('web').getUserOrFail(), { id: ctx.params.id })
    )
  }
}
