import { BaseTransformer } from '@adonisjs/core/transformers'

/** A PDF's chosen pages as read for a stream (uploadDocument): its id, the pages, and the start of its text. */
export type AiDocument = {
  documentId: number
  fileName: string
  pageCount: number
  pages: number[]
  characters: number
  excerpt: string
}

/** POST notes/ai_document's answer: the document a stream's document_id names. */
export default class AiDocumentTransformer extends BaseTransformer<AiDocument> {
  toObject() {
    return this.pick(this.resource, [
      'documentId',
      'fileName',
      'pageCount',
      'pages',
      'characters',
      'excerpt',
    ])
  }
}
