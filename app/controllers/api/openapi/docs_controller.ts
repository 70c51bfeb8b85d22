import type { HttpContext } from '@adonisjs/core/http'
import { openApiDocument } from '#services/openapi/document'
import ApiException from '#exceptions/api_exception'

export default class DocsController {
  async openapi() {
    return openApiDocument()
  }

  async page({ view }: HttpContext) {
    return view.render('api_docs', { document: openApiDocument() })
  }

  async notFound() {
    throw ApiException.notFound()
  }
}
