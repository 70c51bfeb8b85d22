/*
 * Mnemo's own CSV, as app/exporters/csv/write_csv.ts writes it and the text
 * importer recognises it: a `front,back,tags` header row, and a field a
 * spreadsheet would run as a formula written with one more leading single
 * quote.
 *
 * CSV injection (OWASP): a spreadsheet runs a cell starting with = + - @,
 * a tab or a carriage return as a formula. Such a field is written with a
 * single quote in front, inside double quotes, so it shows as text. A field
 * that already starts with quotes before one of those gets one more, so
 * reading Mnemo's own CSV back (unescapeFormula) removes exactly the quote
 * the writer added: `-5` is written `"'-5"` and reads back `-5`, `'=x` is
 * written `"''=x"` and reads back `'=x`.
 */

export const OWN_CSV_HEADER = ['front', 'back', 'tags']
/* the header row as the first line of a body */
export const OWN_CSV_HEADER_LINE = /^front,back(,tags)?(\r\n|\r|\n)/i

export const FORMULA_START = /^'*[=+\-@\t\r]/
const ESCAPED_FORMULA_START = /^'+[=+\-@\t\r]/

/** A field of Mnemo's own CSV as it was before the writer escaped a formula start. */
export function unescapeFormula(value: string): string {
  return ESCAPED_FORMULA_START.test(value) ? value.slice(1) : value
}
