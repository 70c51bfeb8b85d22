import type { HttpContext } from '@adonisjs/core/http'
import ApiException from '#exceptions/api_exception'
import { decodeText } from '#importers/text/decode'
import { parseTextImport, type CardSeparator, type FieldSeparator } from '#importers/text/parse_text'
import { importPreviewValidator } from '#validators/imports'

const PREVIEW_ROWS = 20
const PREVIEW_PROBLEMS = 100

/* the upload form's separator values, read as receive_upload.ts reads them for the job */
function cardSeparatorOf(value: string | null | undefined): CardSeparator | undefined {
  if (!value) return undefined
  return value === 'newline' || value === 'semicolon' ? value : { custom: value }
}

function fieldSeparatorOf(value: string | null | undefined): FieldSeparator | undefined {
  if (!value) return undefined
  return value === 'tab' || value === 'comma' ? value : { custom: value }
}

/* back in the form's vocabulary, so the dialog can send the detected ones with the upload */
const formValue = (separator: CardSeparator | FieldSeparator) => (typeof separator === 'string' ? separator : separator.custom)

export type ImportPreview = Awaited<ReturnType<ImportPreviewsController['store']>>

/** POST /deck_imports/preview: what a text import would read, before the upload. */
export default class ImportPreviewsController {
  async store(ctx: HttpContext) {
    ctx.session.reflash()
    const input = await ctx.request.validateUsing(importPreviewValidator)
    const text = input.data ? decodeText(Buffer.from(input.data, 'base64')) : (input.text ?? '')
    let parsed: ReturnType<typeof parseTextImport>
    try {
      /* html: fields come back as written; the dialog shows them as text, which is how a text import displays them */
      parsed = parseTextImport(text, {
        cardSeparator: cardSeparatorOf(input.card_separator),
        fieldSeparator: fieldSeparatorOf(input.field_separator),
        html: true,
      })
    } catch (error) {
      /* the parser refuses equal separators */
      if (error instanceof RangeError) throw new ApiException(422, 'E_VALIDATION_ERROR', 'validation', { field: 'field_separator' })
      throw error
    }
    return {
      rows: parsed.rows.slice(0, PREVIEW_ROWS).map(({ line, front, back, tags, extra }) => ({ line, front, back, tags, extra })),
      total: parsed.rows.length,
      problems: parsed.problems.slice(0, PREVIEW_PROBLEMS),
      problemCount: parsed.problems.length,
      detected: { cardSeparator: formValue(parsed.detected.cardSeparator), fieldSeparator: formValue(parsed.detected.fieldSeparator) },
      /* readImport's rule: guessed separators most lines disagree with are refused, the learner has to choose them */
      mixedSeparators: !input.card_separator && !input.field_separator && !parsed.header.separator && parsed.problems.length > parsed.rows.length,
    }
  }
}
