/*
| Media helpers in the OpenAPI document (docs/media-helpers.md): occlusion
| detection by local OCR, image search through Unsplash, the once-a-day card
| events. Text-to-speech has no call of its own: it is the Note entity's
| textToSpeechMap, made by the worker while the deck's tts_enabled is on.
*/
import { bool, entity, error, errors, int, listOf, nullable, obj, op, str, unprocessable } from '#services/openapi/schema'

const auth = true
const rect = { x: int, y: int, width: int, height: int }
const suggestion = entity({
  id: str(), preview: str({ description: 'a small picture for the picker' }), url: str({ description: 'the picture to put on a card' }),
  author: entity({ username: str(), name: str(), link: str() }),
  username: str({ description: 'the author\'s username (attribution)' }), link: str({ description: 'the author\'s Unsplash page, with utm parameters (attribution)' }),
  fullName: str(), description: nullable(str()), width: nullable(int), height: nullable(int),
})
const notConfigured = {
  '503': error('E_IMAGE_SEARCH_NOT_CONFIGURED: the server has no UNSPLASH_ACCESS_KEY (or Unsplash refuses it); the picker says image search is not configured'),
  '502': error('E_IMAGE_SEARCH_PROVIDER: Unsplash could not be reached or failed'),
}
const photoId = str({ pattern: '^[A-Za-z0-9_-]{1,64}$' })

export const mediaHelperPaths = {
  '/ai/image_occlusion': {
    post: op('The rectangles of the text in an image (x, y, width, height in the image\'s pixels, one per word), for image-occlusion masks; also the words and lines read. The base64 (bare, or a data URL) is checked first: E_INVALID_BASE64, E_UNSUPPORTED_MEDIA (not a PNG, JPEG, WebP, BMP, GIF or TIFF), E_IMAGE_TOO_BIG (10 MB); an image without text is E_NO_TEXT_FOUND. Read by a local OCR engine (tesseract.js; languages eng, fra)', {
      auth,
      body: obj({ base64: str({ description: 'the image, base64 or a data URL' }), language: str({ enum: ['eng', 'fra'] }) }, ['base64']),
      ok: [200, entity({
        rectangles: listOf(entity(rect)),
        words: listOf(entity({ ...rect, text: str(), confidence: int })),
        lines: listOf(entity({ ...rect, text: str() })),
        text: str({ description: 'the lines read, one per line' }),
        language: str(),
      })],
      extra: { '422': unprocessable('E_INVALID_BASE64, E_UNSUPPORTED_MEDIA, E_IMAGE_TOO_BIG, E_FILE_TOO_COMPLEX (the scan ran past its time cap), E_NO_TEXT_FOUND, or validation'), '429': { ...errors['429'], description: 'E_TOO_MANY_JOBS: the plan\'s scans waiting or running at once (wait for one to end); E_TOO_MANY_REQUESTS: the plan\'s scans an hour (Retry-After)' } },
    }),
  },
  '/images/suggestions': {
    get: op('Image search (query: q, page): photos from Unsplash with their author for the attribution the picker shows', {
      auth, ok: [200, entity({ suggestions: listOf(suggestion), total: int })],
      extra: { '402': error('E_PREMIUM_REQUIRED (feature image_search): image search is premium'), '422': unprocessable('q missing or blank'), ...notConfigured },
    }),
  },
  '/images/mark_download': {
    post: op('Unsplash\'s download ping for a photo put on a card (id in the body or the query)', {
      auth, body: obj({ id: photoId }, ['id']), ok: [200, entity({ marked: bool })],
      extra: { '404': error('No such photo'), ...notConfigured },
    }),
  },
  '/cards/{id}/daily_events': {
    post: op('A text-to-speech play or a type-in answer of a card: counted at most once per card and study day (counted: false for a repeat)', {
      auth, params: ['id'], body: obj({ kind: str({ enum: ['tts_play', 'type_in'] }) }, ['kind']),
      ok: [200, entity({ counted: bool, kind: str(), day: str({ format: 'date' }), todayCount: int })],
      extra: { '404': error('Not found, or not a card this learner may see') },
    }),
  },
}
