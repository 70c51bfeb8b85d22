/* media_helper */
import type { Operations } from '#services/openapi/operation'
import {
  cardDailyEventValidator,
  imageOcclusionValidator,
  imageSuggestionsValidator,
  markDownloadValidator,
} from '#validators/media'

export const mediaHelperOperations: Operations = {
  'POST /ai/image_occlusion': {
    summary: 'The rectangles of the text in an image',
    description:
      "The rectangles of the text in an image (x, y, width, height in the image's pixels, one per " +
      'word), for image-occlusion masks; also the words and lines read. The base64 (bare, or a data ' +
      'URL) is checked first: E_INVALID_BASE64, E_UNSUPPORTED_MEDIA (not a PNG, JPEG, WebP, BMP, GIF or ' +
      'TIFF), E_IMAGE_TOO_BIG (10 MB); an image without text is E_NO_TEXT_FOUND. Read by a local OCR ' +
      'engine (tesseract.js; languages eng, fra)',
    body: imageOcclusionValidator,
    ok: { 200: 'TextDetection' },
    errors: [429],
  },
  'GET /images/suggestions': {
    summary:
      'Image search: photos from Unsplash with their author for the attribution the picker shows',
    description:
      'Image search (query: q, page): photos from Unsplash with their author for the attribution the ' +
      'picker shows',
    query: imageSuggestionsValidator,
    ok: { 200: 'ImageSuggestions' },
    errors: [402, 502, 503],
  },
  'POST /images/mark_download': {
    summary: "Unsplash's download ping for a photo put on a card (id in the body or the query)",
    body: markDownloadValidator,
    ok: { 200: 'DownloadMarked' },
    errors: [404, 502, 503],
  },
  'POST /cards/{id}/daily_events': {
    summary: 'A text-to-speech play or a type-in answer of a card',
    description:
      'A text-to-speech play or a type-in answer of a card: counted at most once per card and study day ' +
      '(counted: false for a repeat)',
    body: cardDailyEventValidator,
    ok: { 200: 'CardEventCounted' },
    errors: [404],
  },
}
