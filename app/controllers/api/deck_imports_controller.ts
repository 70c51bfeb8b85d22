import type { HttpContext } from '@adonisjs/core/http'
import { cancelImport, findImport, listImports, presentImport, retryImport } from '#actions/imports/deck_imports'
import { receiveUpload } from '#actions/imports/receive_upload'

/** The spec's import calls: upload a deck file, follow it, retry or cancel it. */
export default class DeckImportsController {
  async store(ctx: HttpContext) {
    const record = await receiveUpload(ctx, ctx.auth.use('api').getUserOrFail())
    return ctx.response.accepted(presentImport(record))
  }

  async index({ auth }: HttpContext) {
    return { imports: await listImports(auth.use('api').getUserOrFail()) }
  }

  async show({ auth, params }: HttpContext) {
    return presentImport(await findImport(auth.use('api').getUserOrFail(), params.id))
  }

  async retry({ auth, params, response }: HttpContext) {
    return response.accepted(presentImport(await retryImport(auth.use('api').getUserOrFail(), params.id)))
  }

  async destroy({ auth, params }: HttpContext) {
    return presentImport(await cancelImport(auth.use('api').getUserOrFail(), params.id))
  }
}
