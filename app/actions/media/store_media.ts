import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type'
import drive from '@adonisjs/drive/services/main'
import type { Infer } from '@vinejs/vine/types'
import type { attachmentValidator, base64AttachmentValidator } from '#validators/content'
import ApiException from '#exceptions/api_exception'
import type { ErrorCode } from '#exceptions/catalogue'
import type Deck from '#models/deck'
import Media, { type MediaKind } from '#models/media'
import type User from '#models/user'
import { findEditableDeck } from '#queries/decks/find_deck'
import { AV_MAX_BYTES, AV_MAX_MB, IMAGE_MAX_BYTES, IMAGE_MAX_MB } from '#services/upload_limits'

/* the spec's extension list; anything else is "unsupported" */
export const MEDIA_EXTENSIONS: Record<string, MediaKind> = {
  bmp: 'image',
  gif: 'image',
  heic: 'image',
  ico: 'image',
  jpeg: 'image',
  jpg: 'image',
  png: 'image',
  svg: 'image',
  webp: 'image',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  m4a: 'audio',
  mp4: 'video',
  webm: 'video',
  mpeg: 'video',
}

const fileError = (code: ErrorCode, values = {}) => ApiException.of(code, { field: 'file', values })

/** The size cap of a kind of media. */
export const mediaLimitOf = (kind: MediaKind) => (kind === 'image' ? IMAGE_MAX_BYTES : AV_MAX_BYTES)

/** What the bytes really are must match the name: a renamed HTML page is not an image. The MIME type, or null. */
export async function sniffPath(path: string, kind: MediaKind, ext: string) {
  if (ext === 'svg') {
    const bytes = await readFile(path)
    const head = bytes.subarray(0, 512).toString('utf8').trimStart()
    return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)
      ? 'image/svg+xml'
      : null
  }
  const type = await fileTypeFromFile(path)
  if (!type) return null
  const family = type.mime.split('/')[0]
  if (
    family === kind ||
    (kind === 'audio' && type.mime === 'video/mp4') ||
    (kind === 'video' && family === 'audio')
  )
    return type.mime
  return null
}

/**
 * Stores an uploaded image, sound or video for a deck's notes (spec: media, validation rules), into a deck the
 * learner may edit.
 */
export async function storeMedia(user: User, input: Infer<typeof attachmentValidator>) {
  const deck = await findEditableDeck(user, input.deck_id)
  const file = input.file
  /* the name decides what is accepted (the spec's list is of extensions); the bytes must agree */
  const ext = extname(file.clientName ?? '')
    .slice(1)
    .toLowerCase()
  const kind = MEDIA_EXTENSIONS[ext]
  if (!kind || !file.tmpPath) throw fileError('E_UNSUPPORTED_MEDIA')
  if (kind === 'image' && !deck.imagesAllowed) throw fileError('E_IMAGES_NOT_ALLOWED')
  if (kind === 'image' && file.size > IMAGE_MAX_BYTES)
    throw fileError('E_IMAGE_TOO_BIG', { max: IMAGE_MAX_MB })
  if (file.size > AV_MAX_BYTES) throw fileError('E_MEDIA_TOO_BIG', { max: AV_MAX_MB })
  const mime = await sniffPath(file.tmpPath, kind, ext)
  if (!mime) throw fileError('E_UNSUPPORTED_MEDIA')
  const key = `${randomUUID()}.${ext}`
  await file.moveToDisk(`media/${key}`)
  return Media.create({
    key,
    userId: user.id,
    deckId: deck.rootDeckId ?? deck.id,
    kind,
    mime,
    originalName: (file.clientName ?? key).slice(0, 255),
    size: file.size,
  })
}

/* file-type's names for the spec's extensions */
const SNIFFED_EXTENSION: Record<string, string> = { mpg: 'mpeg', oga: 'ogg', opus: 'ogg' }

/* strict base64 (standard or URL-safe alphabet, padding optional), after a `data:…;base64,` prefix if any */
export function decodeBase64(text: string) {
  const bare = text.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '')
  if (!bare || bare.length % 4 === 1 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(bare)) return null
  return Buffer.from(bare.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
}

/** What the bytes are, as one of the spec's extensions (SVG by its markup), or null. */
export async function sniffBytes(bytes: Buffer) {
  const head = bytes.subarray(0, 512).toString('utf8').trimStart()
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head))
    return { ext: 'svg', mime: 'image/svg+xml', kind: 'image' as MediaKind }
  const type = await fileTypeFromBuffer(bytes)
  const ext = type && (SNIFFED_EXTENSION[type.ext] ?? type.ext)
  const kind = ext ? MEDIA_EXTENSIONS[ext] : undefined
  return type && ext && kind ? { ext, mime: type.mime, kind } : null
}

/**
 * POST card_attachments as JSON (`base64_file`): the same rules as a multipart upload, the size counted
 * on the decoded bytes and the type sniffed from them. Bad base64 is 422 naming `base64_file`.
 */
export async function storeBase64Media(user: User, input: Infer<typeof base64AttachmentValidator>) {
  const deck = await findEditableDeck(user, input.deck_id)
  const bytes = decodeBase64(input.base64_file)
  const field = { field: 'base64_file' }
  if (!bytes?.length)
    throw ApiException.of('E_VALIDATION_ERROR', { key: 'base64_invalid', ...field })
  if (bytes.length > AV_MAX_BYTES)
    throw ApiException.of('E_MEDIA_TOO_BIG', { ...field, values: { max: AV_MAX_MB } })
  const sniffed = await sniffBytes(bytes)
  if (!sniffed) throw ApiException.of('E_UNSUPPORTED_MEDIA', field)
  if (sniffed.kind === 'image' && !deck.imagesAllowed)
    throw ApiException.of('E_IMAGES_NOT_ALLOWED', field)
  if (sniffed.kind === 'image' && bytes.length > IMAGE_MAX_BYTES)
    throw ApiException.of('E_IMAGE_TOO_BIG', { ...field, values: { max: IMAGE_MAX_MB } })
  const stem = (input.file_name ?? 'upload').replace(/\.[^.]*$/, '') || 'upload'
  return storeBytes(user, {
    deck,
    bytes,
    file: { ...sniffed, name: `${stem}.${sniffed.ext}` },
  })
}

/**
 * Stores an image made or fetched by the server (a canvas drawing, a
 * picked search result) under the same rules as an upload: the deck takes
 * images, 10 MB at most, and the bytes are one of the image types accepted
 * (sniffed; SVG never comes this way).
 */
export async function storeImageBytes(
  user: User,
  input: { deck: Deck; bytes: Buffer; name: string }
) {
  const { deck, bytes } = input
  if (!deck.imagesAllowed) throw fileError('E_IMAGES_NOT_ALLOWED')
  if (bytes.length > IMAGE_MAX_BYTES) throw fileError('E_IMAGE_TOO_BIG', { max: IMAGE_MAX_MB })
  const type = await fileTypeFromBuffer(bytes)
  const ext = type?.ext === 'jpg' ? 'jpg' : type?.ext
  if (!type || !ext || MEDIA_EXTENSIONS[ext] !== 'image' || !type.mime.startsWith('image/')) {
    throw fileError('E_UNSUPPORTED_MEDIA')
  }
  return storeBytes(user, {
    deck,
    bytes,
    file: { ext, mime: type.mime, kind: 'image', name: `${input.name}.${ext}` },
  })
}

/** Writes bytes whose type is known to the drive and records them (server-made audio, checked images). */
export async function storeBytes(
  owner: { id: number },
  input: {
    deck: Deck
    bytes: Buffer
    file: { ext: string; mime: string; kind: MediaKind; name: string }
  }
) {
  const { deck, bytes, file } = input
  const key = `${randomUUID()}.${file.ext}`
  await drive.use().put(`media/${key}`, bytes)
  return Media.create({
    key,
    userId: owner.id,
    deckId: deck.rootDeckId ?? deck.id,
    kind: file.kind,
    mime: file.mime,
    originalName: file.name.slice(0, 255),
    size: bytes.length,
  })
}
