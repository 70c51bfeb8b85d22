/*
 * The import dialog's wire: what a file may be, the beginning of a text sent
 * for the preview, and the upload with its progress; and the shapes the
 * server answers with.
 */
import { HttpError, xsrfToken } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

/** An import as the dialog follows it (POST /deck_imports, GET and DELETE /deck_imports/:id answer the same). */
export type DialogImport = Data.Import.Variants['forDialog']
/** POST /deck_imports/preview: the first rows of a text import, and the separators found. */
export type ImportPreview = Data.ImportPreview

export type Problem = { title: string; body?: string | null }
export type Phase =
  | { name: 'form' }
  | { name: 'uploading'; percent: number }
  | { name: 'importing'; record: DialogImport }
  | { name: 'failed'; record: DialogImport }
  | { name: 'finished'; record: DialogImport }

/* the spec's cap, as the server counts it (MAX_IMPORT_BYTES) */
export const MAX_MB = 500
export const MAX_BYTES = MAX_MB * 1024 * 1024
export const EXTENSIONS = ['apkg', 'colpkg', 'ofc', 'csv', 'txt', 'tsv']
const TEXT_EXTENSIONS = ['csv', 'txt', 'tsv']
/*
 * the preview reads the beginning of long texts: enough rows to judge the separators, small enough to send at
 * each keystroke
 */
const PREVIEW_BYTES = 256 * 1024

export const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''
export const isText = (file: File | null) =>
  Boolean(file && TEXT_EXTENSIONS.includes(extensionOf(file.name)))

/** Bytes as base64, in chunks (a spread of 256 KB would overflow the call stack). */
function base64(bytes: Uint8Array) {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/**
 * The beginning of what will be uploaded, cut at a line end so the last row
 * is whole. Sent as bytes, pasted text too: the server decodes them as the
 * import will, and form fields would lose their leading blank lines (the body
 * parser trims them), moving the line numbers.
 */
export async function headOf(file: Blob) {
  const bytes = new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer())
  if (file.size <= PREVIEW_BYTES) return { data: base64(bytes), partial: false }
  const end = bytes.lastIndexOf(0x0a)
  return { data: base64(end > 0 ? bytes.subarray(0, end + 1) : bytes), partial: true }
}

/**
 * XMLHttpRequest, not fetch: only it reports the upload's progress. The
 * answer is the import (202) or the server's `{ title, body?, code }`.
 */
export function upload(form: FormData, onProgress: (percent: number) => void) {
  const xhr = new XMLHttpRequest()
  const answer = new Promise<DialogImport>((resolve, reject) => {
    xhr.open('POST', urlFor('deck_imports.store'))
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader('X-XSRF-TOKEN', xsrfToken())
    xhr.upload.onprogress = (event) =>
      event.lengthComputable && onProgress((event.loaded / event.total) * 100)
    xhr.onload = () => {
      let data: any = null
      try {
        data = JSON.parse(xhr.responseText)
      } catch {
        /* not JSON: a proxy's page; the dialog shows its own message */
      }
      if (xhr.status >= 200 && xhr.status < 300 && data) resolve(data as DialogImport)
      else
        reject(new HttpError(data?.body ?? data?.title ?? '', xhr.status, data?.code, data?.title))
    }
    xhr.onerror = () => reject(new HttpError('', 0, 'E_NETWORK'))
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    xhr.send(form)
  })
  return { answer, abort: () => xhr.abort() }
}
