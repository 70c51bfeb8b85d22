import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import ApiException from '#exceptions/api_exception'
import { formatOf, MAX_IMPORT_BYTES } from '#importers/read_import'
import { IMPORT_MAX_MB, TEXT_IMPORT_MAX_MB } from '#importers/limits'
import { FormatSniffer } from '#importers/sniff_format'
import type { BundleFormat } from '#importers/bundle'
import { removeStoredFiles } from '#services/stored_files'
import type { Infer } from '@vinejs/vine/types'
import { isStorableText, unstorableIn, unstorableTextError } from '#services/storable_text'
import { importUploadValidator } from '#validators/imports'

/* multipart framing and the small fields around the file */
export const UPLOAD_OVERHEAD = 64 * 1024

export const tooBig = (max: number = IMPORT_MAX_MB) =>
  ApiException.of('E_FILE_TOO_BIG', { field: 'file', values: { max } })

/* a text file has a smaller cap of its own (the job streams it, but each of its rows is a note to write) */
const capOf = (format: BundleFormat) =>
  format === 'csv' || format === 'text' ? TEXT_IMPORT_MAX_MB : IMPORT_MAX_MB
const unsupported = () => ApiException.of('E_UNSUPPORTED_FORMAT', { field: 'file' })
export const fileMissing = () =>
  ApiException.of('E_VALIDATION_ERROR', { key: 'import_file_missing', field: 'file' })

interface StoredUpload {
  key: string
  fileName: string
  format: BundleFormat
  size: number
}

/**
 * An import's upload as the request brings it, for the use case that
 * receives it (receive_upload.ts): what the client declared, and the two
 * steps that read the body, the file first, then the fields beside it.
 */
export interface IncomingUpload {
  /** the Content-Length the client declared */
  declaredBytes: number
  multipart: boolean
  /** streams the one file to the drive (streamUpload) */
  store(): Promise<StoredUpload>
  /** the fields beside the stored file, checked (this body is streamed here, past the edge's checks) */
  fields(upload: StoredUpload): Promise<Infer<typeof importUploadValidator>>
}

/** The request's upload, read when the use case asks. */
export function incomingUpload(ctx: HttpContext): IncomingUpload {
  return {
    declaredBytes: Number(ctx.request.header('content-length') ?? 0),
    multipart: Boolean(ctx.request.is(['multipart/form-data'])),
    store: () => streamUpload(ctx),
    fields: (upload) => checkFields(ctx, upload),
  }
}

/*
 * The file's bytes on their way to the drive: counted (past the cap, too
 * big) and sniffed (bytes that are not the format the name says are
 * refused). A refused file is not failed mid-stream (the drive could still
 * be opening its file when we delete it): the rest of the part is read and
 * dropped, the stream ends, and then the stored beginning is removed.
 */
function checkedBytes(format: BundleFormat) {
  const sniffer = new FormatSniffer(format)
  const state: { size: number; refusal: ApiException | null } = { size: 0, refusal: null }
  const cap = capOf(format)
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (state.refusal) return done()
      state.size += chunk.length
      if (state.size > cap * 1024 * 1024) state.refusal = tooBig(cap)
      else if (sniffer.push(chunk) === 'refused') state.refusal = unsupported()
      done(null, state.refusal ? undefined : chunk)
    },
    flush(done) {
      if (!state.refusal && sniffer.finish() === 'refused') state.refusal = unsupported()
      done()
    },
  })
  return { stream, state }
}

/**
 * Streams the request's one file to the drive (never whole in memory: through a file on this machine) under
 * a key of its own (`imports/<uuid>.<format>`: no folder is left empty once
 * it is removed). Whatever is refused (a second file, a file under another
 * field, a name no reader takes, bytes that are not what the name says, too
 * many bytes) leaves nothing on the drive and throws.
 */
async function streamUpload(ctx: HttpContext): Promise<StoredUpload> {
  let upload: StoredUpload | null = null
  let problem: ApiException | null = null
  let parts = 0
  ctx.request.multipart.onFile('*', {}, async (part) => {
    const fileName = part.file.clientName ?? ''
    const format = formatOf(fileName)
    /* counted as parts begin: the first may still be streaming when the second arrives */
    if (++parts > 1 || problem) {
      problem ??= ApiException.of('E_ONE_FILE_ONLY', { field: 'file' })
      part.resume()
      return
    }
    if (part.file.fieldName !== 'file' || !format) {
      problem = unsupported()
      part.resume()
      return
    }
    const key = `imports/${randomUUID()}.${format}`
    const checked = checkedBytes(format)
    /*
     * Through a file on this machine first: S3 takes no object of unknown
     * length (a piped stream is sent chunked, which AWS refuses), and a
     * file's length is known. The drive gets only bytes already checked.
     */
    const spool = app.tmpPath('imports', `upload-${randomUUID()}`)
    try {
      await mkdir(dirname(spool), { recursive: true })
      await pipeline(part.pipe(checked.stream), createWriteStream(spool))
      if (checked.state.refusal) {
        problem = checked.state.refusal
        return
      }
      await drive.use().copyFromFs(spool, key)
    } catch (error) {
      await removeStoredFiles([key])
      problem = error instanceof ApiException ? error : tooBig()
      part.resume()
      return
    } finally {
      await rm(spool, { force: true })
    }
    upload = { key, fileName, format, size: checked.state.size }
  })
  return settle(
    ctx,
    () => upload,
    () => problem
  )
}

/* its file name and fields: an empty field is no choice, as the body parser reads empty fields elsewhere */
async function checkFields(ctx: HttpContext, upload: StoredUpload) {
  const unstorable = isStorableText(upload.fileName) ? unstorableIn(ctx.request.body()) : 'file'
  if (unstorable !== null) throw unstorableTextError(ctx, unstorable)
  if (!upload.size) throw ApiException.of('E_EMPTY_FILE', { field: 'file' })
  const input = (name: string) => {
    const value = ctx.request.input(name)
    return value === '' ? null : value
  }
  return ctx.request.validateUsing(importUploadValidator, {
    data: {
      folder_id: input('folder_id'),
      card_separator: input('card_separator'),
      field_separator: input('field_separator'),
      html: input('html'),
    },
  })
}

/* the whole body read: the stored file, or nothing kept and the first problem thrown */
async function settle(
  ctx: HttpContext,
  upload: () => StoredUpload | null,
  problem: () => ApiException | null
) {
  try {
    await ctx.request.multipart.process({ limit: MAX_IMPORT_BYTES + UPLOAD_OVERHEAD })
  } catch (error) {
    const stored = upload()
    if (stored) await removeStoredFiles([stored.key])
    throw problem() ?? error
  }
  const stored = upload()
  if (problem() || !stored) {
    if (stored) await removeStoredFiles([stored.key])
    throw problem() ?? fileMissing()
  }
  return stored
}
