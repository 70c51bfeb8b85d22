/*
 * Splits text into records of fields. Hand-written rather than a CSV
 * library's: the rules below are the text importer's (see parse_text.ts),
 * and csv-parse, measured on 20,000 rows, was 4-5 times slower and cannot
 * keep text after a closing quote, go on after a quote that never closes,
 * or number records by the text's lines under a custom card separator.
 *
 * - RFC 4180 quoting: "a, b", "" for a quote, new lines inside quotes;
 *   spaces before the opening quote are skipped, text after the closing
 *   quote is kept (`"a" b` → `ab`, as Python's csv does).
 * - Unquoted fields are trimmed: pasted text is ragged.
 * - A quote that never closes is reported by its record's line, and reading
 *   goes on after the line where it opened.
 * - A record starting with # at a line's start is a comment.
 * - Records end at any line ending (\r\n, \r, \n) or at a custom separator;
 *   with a custom one, white space between records is layout.
 */

export const NEWLINE = 'newline'
export type RecordSep = typeof NEWLINE | string

export interface RawRecord {
  /** the line (1-based) where the record starts */
  line: number
  fields: string[]
}

export interface Tokenized {
  records: RawRecord[]
  /** lines of records whose quote never closes */
  unbalanced: number[]
}

/** Where each line starts, for lineOf. */
export function lineStarts(text: string): number[] {
  const starts = [0]
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10) starts.push(i + 1)
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++
      starts.push(i + 1)
    }
  }
  return starts
}

/** The 1-based line of a position. */
export function lineOf(starts: number[], pos: number): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid] <= pos) lo = mid
    else hi = mid - 1
  }
  return lo + 1
}

/* the count without trailing empty fields (a trailing separator adds nothing) */
export function usedCount(fields: string[]): number {
  let count = fields.length
  while (count > 0 && fields[count - 1] === '') count--
  return count
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const isLineStart = (text: string, i: number) =>
  i === 0 || text[i - 1] === '\n' || text[i - 1] === '\r'

/** One pass over the text with one pair of separators. */
class Scanner {
  readonly n: number
  /* the next unquoted stop: a field separator, the record's end, or the text's end (a regex: fast on large files) */
  private stop: RegExp

  constructor(
    readonly text: string,
    readonly fs: string,
    readonly rs: RecordSep
  ) {
    this.n = text.length
    this.stop = new RegExp(
      `${escapeRegExp(fs)}|${rs === NEWLINE ? '[\\r\\n]' : escapeRegExp(rs)}`,
      'g'
    )
  }

  scanUnquoted(k: number): number {
    this.stop.lastIndex = k
    const found = this.stop.exec(this.text)
    return found ? found.index : this.n
  }

  afterRecordEnd(k: number): number {
    const { text, rs } = this
    return rs === NEWLINE
      ? text[k] === '\r' && text[k + 1] === '\n'
        ? k + 2
        : k + 1
      : k + rs.length
  }

  endOfLine(k: number): number {
    const { text, n } = this
    while (k < n && text[k] !== '\n' && text[k] !== '\r') k++
    return k < n ? (text[k] === '\r' && text[k + 1] === '\n' ? k + 2 : k + 1) : n
  }

  /** A quoted field from its opening quote at k: its value and where it ends, or null when the quote never closes. */
  quoted(k: number): { value: string; end: number } | null {
    const { text, n } = this
    let value = ''
    let j = k + 1
    while (j < n) {
      const q = text.indexOf('"', j)
      if (q < 0) break
      value += text.slice(j, q)
      if (text[q + 1] !== '"') {
        /* text after the closing quote (`"a" b`) is kept */
        const t = this.scanUnquoted(q + 1)
        const tail = text.slice(q + 1, t).trim()
        return { value: tail ? value + tail : value, end: t }
      }
      value += '"'
      j = q + 2
    }
    return null
  }

  /** The record from i: its fields and where the next one starts, or the position of a quote that never closes. */
  record(i: number): { fields: string[]; next: number } | { openQuote: number } {
    const { text, fs, n } = this
    const fields: string[] = []
    for (;;) {
      let k = i
      while (text[k] === ' ' && !text.startsWith(fs, k)) k++
      if (text[k] === '"') {
        const field = this.quoted(k)
        if (!field) return { openQuote: k }
        fields.push(field.value)
        i = field.end
      } else {
        const t = this.scanUnquoted(i)
        fields.push(text.slice(i, t).trim())
        i = t
      }
      if (i >= n) return { fields, next: i }
      if (!text.startsWith(fs, i)) return { fields, next: this.afterRecordEnd(i) }
      i += fs.length
    }
  }

  /* a quote that never closes would swallow the rest of the file: go on after its line (or card separator) */
  afterUnbalanced(openQuote: number): number {
    if (this.rs === NEWLINE) return this.endOfLine(openQuote)
    const next = this.text.indexOf(this.rs, openQuote)
    return next < 0 ? this.n : next + this.rs.length
  }
}

/** Splits text from `start` into records of fields, fs between fields and rs between records. */
export function tokenize(
  text: string,
  start: number,
  fs: string,
  rs: RecordSep,
  starts: number[]
): Tokenized {
  const { records, unbalanced } = tokenizePart(text, start, fs, rs, starts, true)
  return { records, unbalanced }
}

/**
 * The records of a part of a text read as a stream (text_stream.ts): with
 * `final` false, more text may follow, so reading stops (at `stop`) before
 * the first record, comment or separator that the next text could still
 * change: one that reaches the last few characters, or a quote not closed
 * yet. The records before it are exactly those of the whole text.
 */
export function tokenizePart(
  text: string,
  start: number,
  fs: string,
  rs: RecordSep,
  starts: number[],
  final: boolean
): Tokenized & { stop: number } {
  const scanner = new Scanner(text, fs, rs)
  const records: RawRecord[] = []
  const unbalanced: number[] = []
  /* a separator cut by the part's end could still be read as another */
  const safeEnd = final
    ? Infinity
    : scanner.n - Math.max(fs.length, rs === NEWLINE ? 1 : rs.length) - 1
  let i = start
  while (i < scanner.n) {
    /* with semicolon or custom card separators, new lines between cards are layout */
    if (rs !== NEWLINE) {
      while (i < scanner.n && /\s/.test(text[i])) i++
      if (i >= safeEnd) break
      if (i >= scanner.n) break
    }
    if (text[i] === '#' && isLineStart(text, i)) {
      const next = scanner.endOfLine(i)
      if (next >= safeEnd) break
      i = next
      continue
    }
    const line = lineOf(starts, i)
    const record = scanner.record(i)
    if ('openQuote' in record) {
      if (!final) break
      unbalanced.push(line)
      i = scanner.afterUnbalanced(record.openQuote)
      continue
    }
    if (record.next >= safeEnd) break
    records.push({ line, fields: record.fields })
    i = record.next
  }
  return { records, unbalanced, stop: Math.min(i, scanner.n) }
}
