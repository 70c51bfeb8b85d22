import { fileTypeFromBuffer } from 'file-type'
import ApiException from '#exceptions/api_exception'
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB } from '#services/upload_limits'

/* the raster types OCR reads (an SVG has no pixels to read) */
const READABLE = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/bmp',
  'image/gif',
  'image/tiff',
])

const invalid = () => ApiException.of('E_INVALID_BASE64', { field: 'base64' })

/**
 * The spec's base64 check, before any detection: the text is base64 (a
 * data URL's prefix allowed, line breaks ignored), decodes to an image of a
 * type OCR reads, within the 10 MB of images. Answers the bytes.
 */
export async function decodeImage(input: string) {
  const text = input.replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/i, '').replace(/\s+/g, '')
  if (!text || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) throw invalid()
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length > IMAGE_MAX_BYTES)
    throw ApiException.of('E_IMAGE_TOO_BIG', { field: 'base64', values: { max: IMAGE_MAX_MB } })
  const type = await fileTypeFromBuffer(bytes)
  if (!type || !READABLE.has(type.mime))
    throw ApiException.of('E_UNSUPPORTED_MEDIA', { field: 'base64' })
  return { bytes, mime: type.mime }
}
