import ApiException from '#exceptions/api_exception'
import { decodeImage } from '#services/media/base64_image'
import { enabledLanguages, recognize, type OcrLanguage } from '#services/media/ocr'
import type User from '#models/user'
import { takeHourly, withRunningSlot } from '#actions/jobs/work_limits'

/**
 * Scan text and occlusion detection: the base64 check first (the spec), then
 * the local OCR (tesseract.js in its own thread). Answers the rectangles of
 * the words (x, y, width, height in the image's pixels: one mask per word,
 * as an occlusion card hides words), the lines' rectangles and the text
 * read; an image without readable text is 422 E_NO_TEXT_FOUND ("no text
 * found in image"). The learner's plan bounds the scans an hour and at once
 * (work_limits.ts: 429).
 */
export async function detectText(user: User, input: { base64: string; language?: OcrLanguage }) {
  const { base64, language } = input
  const { bytes } = await decodeImage(base64)
  const chosen =
    language && enabledLanguages().includes(language) ? language : enabledLanguages()[0]
  await takeHourly(user, 'ocr')
  const result = await withRunningSlot(user, 'ocr', () => recognize(bytes, chosen))
  if (!result.words.length) throw ApiException.of('E_NO_TEXT_FOUND', { field: 'base64' })
  /* shaped for the reply by TextDetectionTransformer */
  return { result, language: chosen }
}
