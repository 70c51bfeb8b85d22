import { BaseTransformer } from '@adonisjs/core/transformers'
import type { OcrLanguage, OcrResult } from '#services/media/ocr'

type Box = { x: number; y: number; width: number; height: number }
const rect = ({ x, y, width, height }: Box) => ({ x, y, width, height })

/**
 * The text read from a photo (detectText): the rectangles of the words (one
 * mask per word, as an occlusion card hides words), the words and lines with
 * their boxes, the text, and the language it was read in.
 */
export default class TextDetectionTransformer extends BaseTransformer<{
  result: OcrResult
  language: OcrLanguage
}> {
  toObject() {
    const { result, language } = this.resource
    return {
      rectangles: result.words.map(rect),
      words: result.words.map((word) => ({
        ...rect(word),
        text: word.text,
        confidence: word.confidence,
      })),
      lines: result.lines.map((line) => ({ ...rect(line), text: line.text })),
      text: result.text,
      language,
    }
  }
}
