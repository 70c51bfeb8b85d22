import { getDocumentProxy } from 'unpdf'
import ApiException from '#exceptions/api_exception'

/*
 * PDF rules for AI generation (docs/ai-generation.md: PDF rules): a PDF only, one
 * file at a time, at most PDF_MAX_MB, and at most PDF_MAX_PAGES pages chosen
 * (the web page shows thumbnails to choose from; a PDF with no more pages
 * than that may be sent without a choice). The text is read on the server
 * with unpdf (Mozilla's pdf.js), in a parse thread (parse_thread.ts:
 * readPdfText), never on the web server's event loop; a PDF with no text (a
 * scan) gives none.
 */
export const PDF_MAX_MB = 20
export const PDF_MAX_BYTES = PDF_MAX_MB * 1024 * 1024
/** the spec's {{maximumPages}} */
export const PDF_MAX_PAGES = 20
/**
 * the most document text a generation reads (characters): beyond it the provider's context and the offline
 * generator gain nothing
 */
export const DOCUMENT_MAX_CHARS = 60_000
/** less usable text than this, and there is nothing to make cards from */
export const DOCUMENT_MIN_CHARS = 40

/* the PDF rules' refusals, each with its code (the file is what they are about) */
export const pdfOnly = () => ApiException.of('E_PDF_ONLY', { apiField: 'file' })
export const pdfTooBig = () =>
  ApiException.of('E_PDF_TOO_BIG', { values: { max: PDF_MAX_MB }, apiField: 'file' })
export const pdfEmpty = () => ApiException.of('E_EMPTY_FILE', { apiField: 'file' })
export const pdfUnreadable = () => ApiException.of('E_PDF_UNREADABLE', { apiField: 'file' })
export const pdfTooManyPages = () =>
  ApiException.of('E_PDF_TOO_MANY_PAGES', { values: { max: PDF_MAX_PAGES }, apiField: 'pages' })
export const pdfPagesInvalid = () =>
  ApiException.of('E_PDF_PAGES_INVALID', { values: { max: PDF_MAX_PAGES }, apiField: 'pages' })

export const nothingUsable = () => ApiException.of('E_AI_NOTHING_GENERATED', { apiField: 'file' })

/** "%PDF-" within the first KB, as readers accept it */
export function looksLikePdf(bytes: Uint8Array) {
  return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-')
}

/** "1,3,5-7" or [1,3] → sorted unique page numbers; anything else refused */
export function parsePages(value: unknown): number[] | null {
  if (value === undefined || value === null || value === '') return null
  const parts = Array.isArray(value) ? value.map(String) : String(value).split(',')
  const pages = new Set<number>()
  for (const raw of parts) {
    const part = raw.trim()
    const range = /^(\d{1,5})\s*-\s*(\d{1,5})$/.exec(part)
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])]
      if (from < 1 || to < from || to - from > 10_000) return fail()
      for (let page = from; page <= to; page++) pages.add(page)
    } else if (/^\d{1,5}$/.test(part) && Number(part) >= 1) pages.add(Number(part))
    else return fail()
  }
  return [...pages].sort((a, b) => a - b)

  function fail(): never {
    throw pdfPagesInvalid()
  }
}

/** Whitespace tidied, hyphenated line breaks joined: text a sentence splitter can read. */
export function tidyText(text: string) {
  return (
    text
      // eslint-disable-next-line no-control-regex -- PDF text can carry NUL bytes, which PostgreSQL text refuses
      .replace(/\u0000/g, '')
      .replace(/(\w)-\n(\w)/g, '$1$2')
      .replace(/[ \t\f\v\u00a0]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  )
}

export interface PdfRead {
  pageCount: number
  pages: number[]
  text: string
}

/**
 * The text of the chosen pages of a PDF, tidied and capped. Refuses a file
 * that is not a readable PDF, a choice past the page count or over the
 * maximum, and a PDF whose chosen pages carry no usable text. Runs in a parse
 * thread (readPdfText): call that, not this, from a request.
 */
export async function pdfText(bytes: Uint8Array, chosen: number[] | null): Promise<PdfRead> {
  if (!looksLikePdf(bytes)) throw pdfOnly()
  let document
  try {
    document = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      stopAtErrors: false,
      verbosity: 0,
    } as any)
  } catch {
    throw pdfUnreadable()
  }
  try {
    const pageCount = document.numPages
    const pages = chosen ?? Array.from({ length: pageCount }, (_, index) => index + 1)
    if (pages.length > PDF_MAX_PAGES) throw pdfTooManyPages()
    if (pages.length === 0 || pages.some((page) => page > pageCount)) throw pdfPagesInvalid()
    const texts: string[] = []
    for (const number of pages) {
      const page = await document.getPage(number)
      const content = await page.getTextContent()
      texts.push(
        content.items
          .map((item: any) =>
            typeof item.str === 'string' ? item.str + (item.hasEOL ? '\n' : '') : ''
          )
          .join('')
      )
      page.cleanup()
    }
    const text = tidyText(texts.join('\n\n')).slice(0, DOCUMENT_MAX_CHARS)
    /* a scan, or pages of figures: nothing to make cards from */
    if (text.replace(/[^\p{L}\p{N}]/gu, '').length < DOCUMENT_MIN_CHARS) throw nothingUsable()
    return { pageCount, pages, text }
  } finally {
    await document.cleanup()
  }
}
