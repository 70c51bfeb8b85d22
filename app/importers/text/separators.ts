import { OWN_CSV_HEADER_LINE } from '#importers/text/own_csv'
import { NEWLINE, tokenize, usedCount, type RecordSep } from '#importers/text/tokenise'

/*
 * The separators: the options win, then the header's `#separator`. Otherwise
 * guessed: tab when any record has a tab outside quotes, else comma or
 * semicolon, whichever splits more records (a tie goes to comma). Cards are
 * separated by new lines, except a single line that splits into several
 * front/back pairs at semicolons (Quizlet's "semicolon between rows").
 */

export type CardSeparator = 'newline' | 'semicolon' | { custom: string }
export type FieldSeparator = 'tab' | 'comma' | { custom: string }

/** A separator option as the string the tokeniser splits at. */
export function separatorString(sep: CardSeparator | FieldSeparator): string {
  if (sep === 'newline') return NEWLINE
  if (sep === 'semicolon') return ';'
  if (sep === 'tab') return '\t'
  if (sep === 'comma') return ','
  if (!sep.custom) throw new RangeError('A custom separator cannot be empty')
  return sep.custom
}

export function fieldSeparatorFromChar(char: string): FieldSeparator {
  if (char === '\t') return 'tab'
  if (char === ',') return 'comma'
  return { custom: char }
}

export function cardSeparatorFromString(rs: RecordSep): CardSeparator {
  return rs === NEWLINE ? 'newline' : rs === ';' ? 'semicolon' : { custom: rs }
}

/*
 * Detection reads the first 1 MB of the body (up to a line's end): thousands
 * of cards, plenty to tell the separator, without tokenizing a large file
 * three more times.
 */
const DETECTION_SAMPLE = 1024 * 1024

export function detectionSample(text: string, start: number): string {
  if (text.length - start <= DETECTION_SAMPLE) return text
  const end = text.indexOf('\n', start + DETECTION_SAMPLE)
  return end < 0 ? text : text.slice(0, end + 1)
}

/* records that a candidate separator splits into front and back */
function splitCount(text: string, start: number, fs: string, rs: RecordSep, starts: number[]) {
  return tokenize(text, start, fs, rs, starts).records.filter(
    (record) => usedCount(record.fields) >= 2
  ).length
}

export function detectFieldSeparator(
  text: string,
  start: number,
  rs: RecordSep,
  starts: number[]
): string {
  /* Mnemo's own export names its separator in its header row (a field may hold a tab: "'\tindented") */
  if (OWN_CSV_HEADER_LINE.test(text.slice(start, start + 32))) return ','
  if (splitCount(text, start, '\t', rs, starts) > 0) return '\t'
  const commas = splitCount(text, start, ',', rs, starts)
  const semicolons = rs === ';' ? 0 : splitCount(text, start, ';', rs, starts)
  return semicolons > commas ? ';' : ','
}

/* Quizlet's "semicolon between rows" gives one line of several pairs. */
export function detectCardSeparator(
  text: string,
  start: number,
  fs: string,
  starts: number[]
): RecordSep {
  if (fs === ';') return NEWLINE
  const lines = detectionSample(text, start)
    .slice(start)
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() && !line.startsWith('#'))
  if (lines.length !== 1 || !lines[0].includes(';')) return NEWLINE
  const records = tokenize(text, start, fs, ';', starts).records
  return records.length >= 2 && records.every((record) => usedCount(record.fields) >= 2)
    ? ';'
    : NEWLINE
}
