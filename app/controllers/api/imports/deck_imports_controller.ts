import type { HttpContext } from '@adonisjs/core/http'
import { receiveUpload } from '#actions/imports/receive_upload'
import { incomingUpload } from '#services/import_upload'
import { retryImport } from '#actions/imports/retry_import'
import { cancelImport } from '#actions/imports/cancel_import'
import { findImport } from '#queries/imports/find_import'
import { listImports } from '#queries/imports/list_imports'
import ImportTransformer from '#transformers/import_transformer'
import { serialize } from '#transformers/serialize'

/** The spec's import calls: upload a deck file, follow it, retry or cancel it. */
export default class DeckImportsController {
  async store(ctx: HttpContext) {
    const record = await receiveUpload(ctx.auth.use('api').getUserOrFail(), {
      upload: incomingUpload(ctx),
    })
    return ctx.response.accepted(await serialize(ImportTransformer.transform(record)))
  }

  async index({ auth }: HttpContext) {
    const records = await listImports(auth.use('api').getUserOrFail())
    return serialize({ imports: ImportTransformer.transform(records) })
  }

  async show({ auth, params }: HttpContext) {
    return serialize(
      ImportTransformer.transform(await findImport(auth.use('api').getUserOrFail(), params.id))
    )
  }

  async retry({ auth, params, response }: HttpContext) {
    const record = await retryImport(auth.use('api').getUserOrFail(), { id: params.id })
    return response.accepted(await serialize(ImportTransformer.transform(record)))
  }

  async destroy({ auth, params }: HttpContext) {
    const record = await cancelImport(auth.use('api').getUserOrFail(), { id: params.id })
    return serialize(ImportTransformer.transform(record))
  }
}
