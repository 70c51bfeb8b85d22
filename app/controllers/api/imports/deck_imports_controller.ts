import type { HttpContext } from '@adonisjs/core/http'
import { receiveUpload } from '#actions/imports/receive_upload'
import { incomingUpload } from '#services/import_upload'
import { retryImport } from '#actions/imports/retry_import'
import { cancelImport } from '#actions/imports/cancel_import'
import { findImport } from '#queries/imports/find_import'
import { listImports } from '#queries/imports/list_imports'
import ImportTransformer from '#transformers/import_transformer'

/** The spec's import calls: upload a deck file, follow it, retry or cancel it. */
export default class DeckImportsController {
  async store(ctx: HttpContext) {
    const record = await receiveUpload(ctx.auth.use('api').getUserOrFail(), { upload: incomingUpload(ctx) })
    return ctx.response.accepted(ImportTransformer.forApi(record))
  }

  async index({ auth }: HttpContext) {
    const records = await listImports(auth.use('api').getUserOrFail())
    return { imports: records.map((record) => ImportTransformer.forApi(record)) }
  }

  async show({ auth, params }: HttpContext) {
    return ImportTransformer.forApi(await findImport(auth.use('api').getUserOrFail(), params.id))
  }

  async retry({ auth, params, response }: HttpContext) {
    return response.accepted(ImportTransformer.forApi(await retryImport(auth.use('api').getUserOrFail(), { id: params.id })))
  }

  async destroy({ auth, params }: HttpContext) {
    return ImportTransformer.forApi(await cancelImport(auth.use('api').getUserOrFail(), { id: params.id }))
  }
}
