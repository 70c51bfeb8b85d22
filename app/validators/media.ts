import vine from '@vinejs/vine'
import { id } from '#validators/content'
import { IMAGE_BASE64_MAX_CHARS } from '#services/upload_limits'

/*
 * the image's base64 is judged by decodeImage (E_INVALID_BASE64, too big, not an image): here only its type
 * and an upper bound
 */
const base64 = () => vine.string().maxLength(IMAGE_BASE64_MAX_CHARS)

/** POST ai/image_occlusion {base64}; `language` (eng, fra) optional. */
export const imageOcclusionValidator = vine.create({
  base64: base64(),
  language: vine.enum(['eng', 'fra']).optional(),
})

/** The editor's scan text: the same image, and the deck it is for (the editor's own). */
export const scanTextValidator = vine.create({
  base64: base64(),
  language: vine.enum(['eng', 'fra']).optional(),
})

/** GET images/suggestions?q */
export const imageSuggestionsValidator = vine.create({
  q: vine.string().trim().minLength(1).maxLength(200),
  page: vine.number().withoutDecimals().range([1, 50]).optional(),
})

/* Unsplash photo ids: letters, digits, - and _ */
const photoId = () =>
  vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(64)
    .regex(/^[A-Za-z0-9_-]+$/)

/** POST images/mark_download {id} (or ?id=) */
export const markDownloadValidator = vine.create({
  id: photoId(),
})

/** The editor's pick of a search result: stored on the card side as an upload. */
export const pickImageValidator = vine.create({
  deck_id: id(),
  id: photoId(),
})

/** POST cards/{id}/daily_events {kind}: a text-to-speech play or a type-in answer. */
export const cardDailyEventValidator = vine.create({
  kind: vine.enum(['tts_play', 'type_in']),
})
