import { randomUUID } from 'node:crypto'
import { Transform } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'
import { startImport } from '#actions/imports/deck_imports'
import { formatOf, MAX_IMPORT_BYTES } from '#importers/read_import'
import { FormatSniffer } from '#importers/sniff_format'
import { isStorableText, unstorableIn, unstorableTextError } from '#services/storable_text'

const tooBig = () => new ApiException(413, 'E_FILE_TOO_BIG', 'import_too_big', { hasBody: true, field: 'file', values: { max: 500 } })
const unsupported = () => new ApiException(422, 'E_UNSUPPORTED_FORMAT', 'unsupported_format', { hasBody: true, field: 'file' })
/* multipart framing and the small fields around the file */
const OVERHEAD = 64 * 1024

/**
 * POST deck_imports, for both doors: the file streams from the request to
 * the drive (never whole in memory), counted and sniffed on the way (bytes
 * that are not the format the name says are refused, whatever the name); a
 * declared size over the cap is refused before a byte is read. One file per
 * request. A refused upload leaves nothing: no file, no deck, no row.
 */
export async function receiveUpload(ctx: HttpContext, user: User) {
  const declared = Number(ctx.request.header('content-length') ?? 0)
  if (declared > MAX_IMPORT_BYTES + OVERHEAD) throw tooBig()
  /* nothing to stream: the multipart reader would wait for parts that never come */
  if (!ctx.request.is(['multipart/form-data'])) {
    throw new ApiException(422, 'E_VALIDATION_ERROR', 'import_file_missing', { field: 'file' })
  }
  let upload: { key: string; fileName: string; size: number } | null = null
  let problem: ApiException | null = null
  let parts = 0
  ctx.request.multipart.onFile('*', {}, async (part) => {
    const fileName = part.file.clientName ?? ''
    const format = formatOf(fileName)
    /* counted as parts begin: the first may still be streaming when the second arrives */
    if (++parts > 1 || problem) {
      problem ??= new ApiException(422, 'E_ONE_FILE_ONLY', 'one_file_only', { field: 'file' })
      part.resume()
      return
    }
    if (part.file.fieldName !== 'file' || !format) {
      problem = unsupported()
      part.resume()
      return
    }
    /* one key, no folder of its own: nothing is left empty once the upload is removed */
    const key = `imports/${randomUUID()}.${format}`
    let size = 0
    const sniffer = new FormatSniffer(format)
    /*
     * A refused file is not failed mid-stream (the drive could still be
     * opening its file when we delete it): the rest of the part is read and
     * dropped, the stream ends, and then the stored beginning is removed.
     */
    let refusal: ApiException | null = null
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (refusal) return done()
        size += chunk.length
        if (size > MAX_IMPORT_BYTES) refusal = tooBig()
        else if (sniffer.push(chunk) === 'refused') refusal = unsupported()
        done(null, refusal ? undefined : chunk)
      },
      flush(done) {
        if (!refusal && sniffer.finish() === 'refused') refusal = unsupported()
        done()
      },
    })
    try {
      await drive.use().putStream(key, part.pipe(counter))
    } catch (error) {
      await drive.use().delete(key).catch(() => {})
      problem = error instanceof ApiException ? error : tooBig()
      part.resume()
      return
    }
    if (refusal) {
      await drive.use().delete(key).catch(() => {})
      problem = refusal
      return
    }
    upload = { key, fileName, size }
  })
  try {
    await ctx.request.multipart.process({ limit: MAX_IMPORT_BYTES + OVERHEAD })
  } catch (error) {
    if (upload) await drive.use().delete((upload as { key: string }).key).catch(() => {})
    throw problem ?? error
  }
  const received = upload as { key: string; fileName: string; size: number } | null
  if (problem || !received) {
    if (received) await drive.use().delete(received.key).catch(() => {})
    throw problem ?? new ApiException(422, 'E_VALIDATION_ERROR', 'import_file_missing', { field: 'file' })
  }
  /* this body is streamed here, past the edge's check: its file name and fields are checked now */
  const unstorable = isStorableText(received.fileName) ? unstorableIn(ctx.request.body()) : 'file'
  if (unstorable !== null) {
    await drive.use().delete(received.key).catch(() => {})
    throw unstorableTextError(ctx, unstorable)
  }
  if (!received.size) {
    await drive.use().delete(received.key).catch(() => {})
    throw new ApiException(422, 'E_EMPTY_FILE', 'import_empty', { hasBody: true, field: 'file' })
  }
  const folderId = Number(ctx.request.input('folder_id')) || null
  const options: Record<string, unknown> = {}
  for (const name of ['card_separator', 'field_separator', 'html'] as const) {
    const value = ctx.request.input(name)
    if (value !== undefined && value !== null) options[name] = value
  }
  try {
    return await startImport(user, {
      fileName: received.fileName, format: formatOf(received.fileName)!, size: received.size, storageKey: received.key,
      folderId, options: textOptions(options),
    })
  } catch (error) {
    await drive.use().delete(received.key).catch(() => {})
    throw error
  }
}

/* the upload form's separator choices, as the text reader takes them */
function textOptions(raw: Record<string, unknown>) {
  const options: Record<string, unknown> = {}
  const card = String(raw.card_separator ?? '')
  if (card === 'newline' || card === 'semicolon') options.cardSeparator = card
  else if (card) options.cardSeparator = { custom: card.slice(0, 10) }
  const field = String(raw.field_separator ?? '')
  if (field === 'tab' || field === 'comma') options.fieldSeparator = field
  else if (field) options.fieldSeparator = { custom: field.slice(0, 10) }
  if (raw.html !== undefined) options.html = raw.html === true || raw.html === 'true'
  return options
}
