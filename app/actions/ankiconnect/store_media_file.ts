import { randomUUID } from 'node:crypto'
import { extname } from 'node:path'
import drive from '@adonisjs/drive/services/main'
import ApiException from '#exceptions/api_exception'
import Media from '#models/media'
import type User from '#models/user'
import {
  MEDIA_EXTENSIONS,
  decodeBase64,
  mediaLimitOf,
  sniffBytes,
} from '#actions/media/store_media'
import { AV_MAX_MB, IMAGE_MAX_MB } from '#services/upload_limits'

/**
 * A file name as a field can reference it: no folder, no control character, none of `"<>[]` (which
 * would end the `src="…"` or `[sound:…]` naming it), 255 characters at most.
 */
export function isMediaFileName(name: unknown): name is string {
  return (
    typeof name === 'string' &&
    name.length > 0 &&
    name.length <= 255 &&
    /* eslint-disable-next-line no-control-regex -- control characters are what it refuses */
    !/[/\\\u0000-\u001f"<>[\]]/.test(name) &&
    name !== '.' &&
    name !== '..'
  )
}

/**
 * AnkiConnect's storeMediaFile with base64 `data`: the upload rules of the
 * product (its extensions, the bytes sniffed to agree with the name, 10 MB
 * for an image and 25 MB for sound or video), kept under the name the
 * caller gave, which fields then reference (media_names.ts). It belongs to
 * no deck until a note names it: whether the deck takes images is checked
 * when that note is saved (save_note.ts).
 */
export async function storeMediaFile(user: User, input: { filename: string; data: string }) {
  const bytes = decodeBase64(input.data)
  const field = { field: 'data' }
  if (!bytes?.length)
    throw ApiException.of('E_VALIDATION_ERROR', { key: 'base64_invalid', ...field })
  const ext = extname(input.filename).slice(1).toLowerCase()
  const kind = MEDIA_EXTENSIONS[ext]
  const sniffed = await sniffBytes(bytes)
  const agrees =
    sniffed &&
    (sniffed.kind === kind ||
      (kind === 'audio' && sniffed.mime === 'video/mp4') ||
      (kind === 'video' && sniffed.kind === 'audio'))
  if (!kind || !sniffed || !agrees) throw ApiException.of('E_UNSUPPORTED_MEDIA', field)
  if (bytes.length > mediaLimitOf(kind)) {
    throw kind === 'image'
      ? ApiException.of('E_IMAGE_TOO_BIG', { ...field, values: { max: IMAGE_MAX_MB } })
      : ApiException.of('E_MEDIA_TOO_BIG', { ...field, values: { max: AV_MAX_MB } })
  }
  const key = `${randomUUID()}.${ext}`
  await drive.use().put(`media/${key}`, bytes)
  return Media.create({
    key,
    userId: user.id,
    deckId: null,
    kind,
    mime: sniffed.mime,
    originalName: input.filename,
    size: bytes.length,
  })
}
