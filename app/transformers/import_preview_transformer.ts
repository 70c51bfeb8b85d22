import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CardSeparator, FieldSeparator, ParsedText } from '#importers/text/parse_text'

const PREVIEW_ROWS = 20
const PREVIEW_PROBLEMS = 100

/* back in the form's vocabulary, so the dialog can send the detected ones with the upload */
const formValue = (separator: CardSeparator | FieldSeparator) =>
  typeof separator === 'string' ? separator : separator.custom

/**
 * What a text import would read, before the upload: the first rows and its
 * problems, with the separators it detected in the form's words. `chosen`
 * says whether the learner chose a separator: guessed ones most lines
 * disagree with are refused by the import (readImport's rule), so the
 * learner has to choose.
 */
export default class ImportPreviewTransformer extends BaseTransformer<ParsedText> {
  constructor(
    parsed: ParsedText,
    protected chosen: boolean
  ) {
    super(parsed)
  }

  toObject() {
    const parsed = this.resource
    const { cardSeparator, fieldSeparator } = parsed.detected
    return {
      rows: parsed.rows
        .slice(0, PREVIEW_ROWS)
        .map(({ line, front, back, tags, extra }) => ({ line, front, back, tags, extra })),
      total: parsed.rows.length,
      problems: parsed.problems.slice(0, PREVIEW_PROBLEMS),
      problemCount: parsed.problems.length,
      detected: {
        cardSeparator: formValue(cardSeparator),
        fieldSeparator: formValue(fieldSeparator),
      },
      mixedSeparators:
        !this.chosen && !parsed.header.separator && parsed.problems.length > parsed.rows.length,
    }
  }
}
