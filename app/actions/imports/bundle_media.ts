import { randomUUID } from 'node:crypto'
import { extname } from 'node:path'
import drive from '@adonisjs/drive/services/main'
import { MEDIA_EXTENSIONS, mediaLimitOf, sniffPath } from '#actions/media/store_media'
import type { BundleWrite, WriteOptions } from '#actions/imports/bundle_context'

/** Stores the media the fields reference; name → the product's URL. What cannot be kept becomes a warning. */
export async function storeMedia(write: BundleWrite, options: Pick<WriteOptions, 'storedKeys'>) {
  const { user, root, source, trx, warnings } = write
  const urls = new Map<string, string>()
  for (const file of source.media) {
    const ext = extname(file.name).slice(1).toLowerCase()
    const kind = MEDIA_EXTENSIONS[ext]
    const mime = kind ? await sniffPath(file.path, kind, ext) : null
    if (!kind || !mime || file.size > mediaLimitOf(kind)) {
      warnings.push({ message: `media_skipped:${file.name}` })
      continue
    }
    const key = `${randomUUID()}.${ext}`
    await drive.use().copyFromFs(file.path, `media/${key}`)
    options.storedKeys.push(`media/${key}`)
    await trx.table('media').insert({
      key,
      user_id: user.id,
      deck_id: root.id,
      kind,
      mime,
      original_name: file.name.slice(0, 255),
      size: file.size,
      created_at: new Date(),
    })
    urls.set(file.name, `/media/${key}`)
  }
  return urls
}
