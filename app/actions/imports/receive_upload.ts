import type { HttpContext } from '@adonisjs/core/http'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'
import { MAX_IMPORT_BYTES } from '#importers/read_import'
import { isStorableText, unstorableIn, unstorableTextError } from '#services/storable_text'
import { removeStoredFiles } from '#services/stored_files'
import { importUploadValidator, textOptionsOf } from '#validators/imports'
import { startImport } from '#actions/imports/start_import'
import db from '@adonisjs/lucid/services/db'
import { assertRoomFor, takeHourly } from '#actions/jobs/work_limits'
import { UPLOAD_OVERHEAD, fileMissing, streamUpload, tooBig, type StoredUpload } from '#actions/imports/upload_stream'

/**
 * POST deck_imports, for both doors: the file streams from the request to
 * the drive (upload_stream.ts), counted and sniffed on the way; a declared
 * size over the cap is refused before a byte is read. One file per request.
 * Then the fields beside it are checked and the import starts. A refused
 * upload leaves nothing: no file, no deck, no row.
 */
export async function receiveUpload(ctx: HttpContext, user: User) {
  const declared = Number(ctx.request.header('content-length') ?? 0)
  if (declared > MAX_IMPORT_BYTES + UPLOAD_OVERHEAD) throw tooBig()
  /* nothing to stream: the multipart reader would wait for parts that never come */
  if (!ctx.request.is(['multipart/form-data'])) throw fileMissing()
  /* the plan's imports an hour, and room among those waiting, before a byte is stored (start_import counts again under the lock) */
  await takeHourly(user, 'import')
  await db.transaction((trx) => assertRoomFor(user, 'import', trx))
  const upload = await streamUpload(ctx)
  try {
    const fields = await checkFields(ctx, upload)
    return await startImport(user, {
      fileName: upload.fileName, format: upload.format, size: upload.size, storageKey: upload.key,
      folderId: fields.folder_id ?? null, options: { ...textOptionsOf(fields) },
    })
  } catch (error) {
    await removeStoredFiles([upload.key])
    throw error
  }
}

/* this body is streamed here, past the edge's checks: its file name and fields are checked now */
async function checkFields(ctx: HttpContext, upload: StoredUpload) {
  const unstorable = isStorableText(upload.fileName) ? unstorableIn(ctx.request.body()) : 'file'
  if (unstorable !== null) throw unstorableTextError(ctx, unstorable)
  if (!upload.size) throw ApiException.of('E_EMPTY_FILE', { field: 'file' })
  /* an empty field is no choice, as the body parser reads empty fields elsewhere */
  const input = (name: string) => {
    const value = ctx.request.input(name)
    return value === '' ? null : value
  }
  return ctx.request.validateUsing(importUploadValidator, {
    data: { folder_id: input('folder_id'), card_separator: input('card_separator'), field_separator: input('field_separator'), html: input('html') },
  })
}
