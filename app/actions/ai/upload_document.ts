import { readFile } from 'node:fs/promises'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import db from '@adonisjs/lucid/services/db'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'
import { PDF_MAX_BYTES, parsePages, pdfEmpty, pdfOnly, pdfTooBig } from '#services/pdf_text'
import { readPdfText } from '#services/parse_thread'

/** How long an uploaded document's text is kept for a stream to use (older ones go at the learner's next upload). */
const DOCUMENT_KEPT_HOURS = 24

/** How many characters of the text the answer shows, so the learner sees what the cards will be made from. */
const EXCERPT_CHARS = 400

/** What the upload brings: every file in the body (one is expected), the one under `file`, and the `pages` field. */
export type DocumentUpload = { files: MultipartFile[]; file: MultipartFile | null; pages?: unknown }

/**
 * POST notes/ai_document (and the web generator's upload): one PDF, at most
 * PDF_MAX_MB, and the pages chosen (`pages`: "1,3,5-7"; every page when the
 * PDF has no more than PDF_MAX_PAGES). Its text is read now and kept for
 * ai_stream_create's `document_id`; the file itself is not stored. Nothing
 * usable (a scanned PDF) is "Impossible to generate cards" at once.
 */
export async function uploadDocument(user: User, input: DocumentUpload) {
  if (input.files.length > 1)
    throw ApiException.of('E_ONE_FILE_ONLY', { apiField: 'file', field: 'file' })
  const file = input.file
  if (!file)
    throw ApiException.of('E_VALIDATION_ERROR', {
      key: 'ai_pdf_missing',
      apiField: 'file',
      field: 'file',
    })
  if (file.size > PDF_MAX_BYTES || file.errors.some((error) => error.type === 'size')) {
    throw pdfTooBig()
  }
  if (!file.tmpPath || (file.extname ?? '').toLowerCase() !== 'pdf') throw pdfOnly()
  const pages = parsePages(input.pages)
  const bytes = await readFile(file.tmpPath)
  if (!bytes.length) throw pdfEmpty()
  /* in a thread of its own, within its time and memory caps: the server goes on answering meanwhile */
  const read = await readPdfText(bytes, pages)
  const fileName = (file.clientName || 'document.pdf').slice(0, 255)
  /* a document's text is needed only until its stream has read it: the learner's older ones go */
  await db
    .from('ai_documents')
    .where('user_id', user.id)
    .where('created_at', '<', db.raw(`now() - interval '${DOCUMENT_KEPT_HOURS} hours'`))
    .delete()
  const [row] = await db
    .table('ai_documents')
    .insert({
      user_id: user.id,
      file_name: fileName,
      page_count: read.pageCount,
      pages: read.pages,
      text: read.text,
    })
    .returning(['id'])
  return {
    documentId: Number(row.id),
    fileName,
    pageCount: read.pageCount,
    pages: read.pages,
    characters: read.text.length,
    excerpt: read.text.slice(0, EXCERPT_CHARS),
  }
}
