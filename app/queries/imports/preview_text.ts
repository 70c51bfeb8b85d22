import ApiException from '#exceptions/api_exception'
import { decodeText } from '#importers/text/decode'
import {
  parseTextImport,
  type CardSeparator,
  type FieldSeparator,
} from '#importers/text/parse_text'

export interface PreviewInput {
  /** the text pasted, or… */
  text?: string | null
  /** …the first bytes of the file, base64 */
  data?: string | null
  card_separator?: CardSeparator | null
  field_separator?: FieldSeparator | null
}

/**
 * What a text import would read, nothing stored: the bytes decoded as the
 * import decodes them, parsed with the learner's separators (or detected).
 * Equal separators are a 422 naming the field separator.
 */
export function previewText(input: PreviewInput) {
  const text = input.data ? decodeText(Buffer.from(input.data, 'base64')) : (input.text ?? '')
  try {
    /* html: fields come back as written; the dialog shows them as text, which is how a text import displays them */
    return parseTextImport(text, {
      cardSeparator: input.card_separator ?? undefined,
      fieldSeparator: input.field_separator ?? undefined,
      html: true,
    })
  } catch (error) {
    /* the parser refuses equal separators */
    if (error instanceof RangeError)
      throw ApiException.of('E_VALIDATION_ERROR', { field: 'field_separator' })
    throw error
  }
}
