import type User from '#models/user'
import { MAX_IMPORT_BYTES } from '#importers/read_import'
import { removeStoredFiles } from '#services/stored_files'
import { textOptionsOf } from '#validators/imports'
import { startImport } from '#actions/imports/start_import'
import { assertRoomFor, takeHourly } from '#actions/jobs/work_limits'
import { UPLOAD_OVERHEAD, fileMissing, tooBig, type IncomingUpload } from '#services/import_upload'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * POST deck_imports, for both doors: the file streams from the request to
 * the drive (services/import_upload.ts), counted and sniffed on the way; a
 * declared size over the cap is refused before a byte is read. One file per
 * request. Then the fields beside it are checked and the import starts. A
 * refused upload leaves nothing: no file, no deck, no row.
 */
export async function receiveUpload(
  user: User,
  input: { upload: IncomingUpload },
  options: ActionOptions = {}
) {
  const incoming = input.upload
  if (incoming.declaredBytes > MAX_IMPORT_BYTES + UPLOAD_OVERHEAD) throw tooBig()
  /* nothing to stream: the multipart reader would wait for parts that never come */
  if (!incoming.multipart) throw fileMissing()
  /*
   * the plan's imports an hour, and room among those waiting, before a byte is stored (start_import counts
   * again under the lock)
   */
  await takeHourly(user, 'import')
  await withTransaction(options.trx, (trx) => assertRoomFor(user, 'import', trx))
  const upload = await incoming.store()
  try {
    const fields = await incoming.fields(upload)
    return await startImport(
      user,
      {
        fileName: upload.fileName,
        format: upload.format,
        size: upload.size,
        storageKey: upload.key,
        folderId: fields.folder_id ?? null,
        options: { ...textOptionsOf(fields) },
      },
      options
    )
  } catch (error) {
    await removeStoredFiles([upload.key])
    throw error
  }
}
