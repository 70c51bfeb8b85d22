/*
 * Text imports: CSV files, Quizlet exports and pasted text, one card a
 * record, front and back (and optionally tags, deck, note type, GUID) in
 * separated fields. Anki's text header (`#separator:tab`, `#html:true`,
 * `#columns:…`, `#tags column:3`, …) is understood, so Anki's "Notes in
 * plain text" exports import too.
 *
 * Rules, in the order the parser applies them:
 * - Header lines: the leading lines starting with `#`; known `#key:value`
 *   lines set the header, the others are comments. Later lines starting with
 *   `#` are comments as well (a front that starts with `#` must be quoted).
 * - Separators: the options win, then the header's `#separator`. Otherwise
 *   detected: tab when any record has a tab outside quotes, else comma or
 *   semicolon, whichever splits more records (a tie goes to comma). Cards are
 *   separated by new lines, except a single line that splits into several
 *   front/back pairs at semicolons (Quizlet's "semicolon between rows").
 * - Fields: RFC 4180 quoting ("a, b", "" for a quote, new lines inside
 *   quotes); unquoted fields are trimmed, since pasted text is ragged.
 * - Columns: `#columns:` or a first row that reads `front,back[,tags]` (the
 *   CSV this module writes) names them; Tags, Deck, Notetype and GUID columns
 *   are recognised by name or by `#… column:N`. The first two other columns
 *   are front and back, any further ones are `extra`.
 * - Too many fields: the expected count is the named columns' count, or else
 *   the most common count in the file. A row with more (non-empty) fields than
 *   that is reported as too_many_fields and not imported, because it nearly
 *   always means a separator inside a field ("red, round" in a comma file),
 *   which would otherwise put half an answer somewhere else silently. When
 *   the whole file has more than two columns and no header names them, the
 *   extra columns are kept in `extra` and textToBundle appends them to the
 *   back, separated by <br>: nothing the learner wrote is lost, and nothing
 *   is guessed to be tags (Anki 1.x's "third column is tags" was dropped by
 *   Anki too; a header says so explicitly).
 * - A row without a front or without a back (the spec: each card needs both)
 *   is reported with its line and not imported; blank lines are skipped.
 *   Cloze rows only need their text.
 * - HTML: fields are text unless `html` (the option, else `#html:`); text is
 *   escaped (& < >) and its new lines become <br>, as Anki does with html
 *   false. A `front,back,tags` CSV does not switch to HTML by itself: the
 *   product's CSV export holds plain text, and plain text read as HTML loses
 *   whatever looks like a tag ("x<y and z>w"), while HTML read as text only
 *   shows its markup. writeCsv + parseTextImport(…, { html: true }) round-trips HTML.
 */
import { randomBytes } from 'node:crypto'
import { ImportError } from '#importers/bundle'
import type { BundleCard, BundleDeck, BundleNote, BundleNoteType, ImportBundle } from '#importers/bundle'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import { cardOrdinals } from '#note_types/cards'
import type { BuiltinNoteTypeKind } from '#note_types/types'

export type CardSeparator = 'newline' | 'semicolon' | { custom: string }
export type FieldSeparator = 'tab' | 'comma' | { custom: string }

export interface TextImportOptions {
  cardSeparator?: CardSeparator
  /* when absent, detected: Anki header #separator, else tab if any record has a tab, else comma/semicolon by frequency */
  fieldSeparator?: FieldSeparator
  html?: boolean
  deckName?: string
}

export interface TextRow {
  line: number
  front: string
  back: string
  tags: string[]
  extra: string[]
  /** from a Deck column ("A::B" for a subdeck) */
  deck?: string
  /** from a Notetype column */
  notetype?: string
  /** from a GUID column */
  guid?: string
}

export type TextProblemReason = 'no_front' | 'no_back' | 'too_many_fields' | 'unbalanced_quote'

export interface TextProblem {
  line: number
  reason: TextProblemReason
}

export interface TextHeader {
  separator?: string
  html?: boolean
  tags?: string[]
  columns?: string[]
  deck?: string
  notetype?: string
  /* 1-based, as Anki writes them */
  guidColumn?: number
  tagsColumn?: number
  deckColumn?: number
  notetypeColumn?: number
}

export interface ParsedText {
  rows: TextRow[]
  problems: TextProblem[]
  header: TextHeader
  detected: { cardSeparator: CardSeparator; fieldSeparator: FieldSeparator }
}

/* ------------------------------------------------------------------ decoding */

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

/**
 * Decodes a text file: a BOM decides (UTF-8, UTF-16 LE/BE); without one,
 * UTF-8 when the bytes are valid UTF-8, else windows-1252 (what Excel and
 * older Windows tools write), with a warning for the learner.
 */
export function decodeTextDetailed(bytes: Uint8Array): { text: string; encoding: TextEncoding; warning: string | null } {
  const b = bytes
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(b.subarray(3)), encoding: 'utf-8', warning: null }
  }
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(b.subarray(2)), encoding: 'utf-16le', warning: null }
  }
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(b.subarray(2)), encoding: 'utf-16be', warning: null }
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(b), encoding: 'utf-8', warning: null }
  } catch {
    return {
      text: decodeWindows1252(b),
      encoding: 'windows-1252',
      warning: 'The file is not valid UTF-8; it was read as Windows-1252 (Western European). Check accented characters.',
    }
  }
}

/*
 * Node's TextDecoder('windows-1252') decodes 0x80-0x9F as C1 controls
 * (latin1), losing €, curly quotes and dashes: the table is applied here.
 */
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
]

function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = []
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? CP1252_80_9F[byte - 0x80] : byte
    )
    parts.push(String.fromCharCode(...codes))
  }
  return parts.join('')
}

export function decodeText(bytes: Uint8Array): string {
  return decodeTextDetailed(bytes).text
}

/* ------------------------------------------------------------------ tokenizing */

interface RawRecord {
  line: number
  fields: string[]
}

interface Tokenized {
  records: RawRecord[]
  unbalanced: number[]
}

const NEWLINE = 'newline'
type RecordSep = typeof NEWLINE | string

function lineStarts(text: string): number[] {
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

function lineOf(starts: number[], pos: number): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid] <= pos) lo = mid
    else hi = mid - 1
  }
  return lo + 1
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const isLineStart = (text: string, i: number) => i === 0 || text[i - 1] === '\n' || text[i - 1] === '\r'

/* Splits text from `start` into records of fields; quotes as RFC 4180. */
function tokenize(text: string, start: number, fs: string, rs: RecordSep, starts: number[]): Tokenized {
  const n = text.length
  const records: RawRecord[] = []
  const unbalanced: number[] = []
  const afterRecordEnd = (k: number) =>
    rs === NEWLINE ? (text[k] === '\r' && text[k + 1] === '\n' ? k + 2 : k + 1) : k + rs.length
  const endOfLine = (k: number) => {
    while (k < n && text[k] !== '\n' && text[k] !== '\r') k++
    return k < n ? (text[k] === '\r' && text[k + 1] === '\n' ? k + 2 : k + 1) : n
  }
  /* the next unquoted stop: a field separator, the record's end, or the text's end (a regex: fast on large files) */
  const stop = new RegExp(`${escapeRegExp(fs)}|${rs === NEWLINE ? '[\\r\\n]' : escapeRegExp(rs)}`, 'g')
  const scanUnquoted = (k: number) => {
    stop.lastIndex = k
    const found = stop.exec(text)
    return found ? found.index : n
  }

  let i = start
  while (i < n) {
    /* with semicolon or custom card separators, new lines between cards are layout */
    if (rs !== NEWLINE) {
      while (i < n && /\s/.test(text[i])) i++
      if (i >= n) break
    }
    if (text[i] === '#' && isLineStart(text, i)) {
      i = endOfLine(i)
      continue
    }
    const recordStart = i
    const fields: string[] = []
    let openQuote = -1
    for (;;) {
      let k = i
      while (text[k] === ' ' && !text.startsWith(fs, k)) k++
      if (text[k] === '"') {
        let value = ''
        let j = k + 1
        let closed = false
        while (j < n) {
          const q = text.indexOf('"', j)
          if (q < 0) break
          value += text.slice(j, q)
          if (text[q + 1] === '"') {
            value += '"'
            j = q + 2
          } else {
            j = q + 1
            closed = true
            break
          }
        }
        if (!closed) {
          openQuote = k
          break
        }
        /* text after the closing quote (`"a" b`) is kept, as Python's csv does */
        const t = scanUnquoted(j)
        const tail = text.slice(j, t).trim()
        fields.push(tail ? value + tail : value)
        i = t
      } else {
        const t = scanUnquoted(i)
        fields.push(text.slice(i, t).trim())
        i = t
      }
      if (i >= n) break
      if (text.startsWith(fs, i)) {
        i += fs.length
        continue
      }
      i = afterRecordEnd(i)
      break
    }
    if (openQuote >= 0) {
      /* a quote that never closes would swallow the rest of the file: report the record, go on after it */
      unbalanced.push(lineOf(starts, recordStart))
      if (rs === NEWLINE) i = endOfLine(openQuote)
      else {
        const next = text.indexOf(rs, openQuote)
        i = next < 0 ? n : next + rs.length
      }
      continue
    }
    records.push({ line: lineOf(starts, recordStart), fields })
  }
  return { records, unbalanced }
}

/* the count without trailing empty fields (a trailing separator adds nothing) */
function usedCount(fields: string[]): number {
  let count = fields.length
  while (count > 0 && fields[count - 1] === '') count--
  return count
}

/* ------------------------------------------------------------------ header */

const HEADER_KEYS = new Set([
  'separator',
  'html',
  'tags',
  'columns',
  'deck',
  'notetype',
  'tags column',
  'guid column',
  'deck column',
  'notetype column',
])

const NAMED_SEPARATORS: Record<string, string> = {
  tab: '\t',
  comma: ',',
  semicolon: ';',
  pipe: '|',
  space: ' ',
  colon: ':',
}

function separatorFromHeader(value: string): string | undefined {
  const named = NAMED_SEPARATORS[value.trim().toLowerCase()]
  if (named) return named
  if (value.length === 1) return value
  if (value.trim().length === 1) return value.trim()
  return undefined
}

function fieldSeparatorFromChar(char: string): FieldSeparator {
  if (char === '\t') return 'tab'
  if (char === ',') return 'comma'
  return { custom: char }
}

function readHeader(text: string): { header: TextHeader; columnsValue?: string; bodyStart: number } {
  const header: TextHeader = {}
  let columnsValue: string | undefined
  let i = 0
  while (i < text.length && text[i] === '#') {
    let end = i
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++
    const line = text.slice(i, end)
    const match = /^#([A-Za-z ]+):(.*)$/.exec(line)
    const key = match?.[1].trim().toLowerCase()
    if (match && key && HEADER_KEYS.has(key)) {
      const value = match[2]
      const column = Number.parseInt(value.trim(), 10)
      const validColumn = Number.isInteger(column) && column >= 1 ? column : undefined
      if (key === 'separator') header.separator = separatorFromHeader(value)
      else if (key === 'html') header.html = value.trim().toLowerCase() === 'true'
      else if (key === 'tags') header.tags = splitTags(value)
      else if (key === 'columns') columnsValue = value
      else if (key === 'deck') header.deck = value.trim()
      else if (key === 'notetype') header.notetype = value.trim()
      else if (key === 'tags column') header.tagsColumn = validColumn
      else if (key === 'guid column') header.guidColumn = validColumn
      else if (key === 'deck column') header.deckColumn = validColumn
      else if (key === 'notetype column') header.notetypeColumn = validColumn
    }
    i = end
    if (text[i] === '\r' && text[i + 1] === '\n') i += 2
    else if (i < text.length) i++
  }
  for (const key of Object.keys(header) as (keyof TextHeader)[]) if (header[key] === undefined) delete header[key]
  return { header, columnsValue, bodyStart: i }
}

/* Anki separates tags with spaces; commas are accepted too, as hand-made CSVs use them. */
function splitTags(value: string): string[] {
  return value.split(/[\s,]+/).filter(Boolean)
}

/* ------------------------------------------------------------------ detection */

function separatorString(sep: CardSeparator | FieldSeparator): string {
  if (sep === 'newline') return NEWLINE
  if (sep === 'semicolon') return ';'
  if (sep === 'tab') return '\t'
  if (sep === 'comma') return ','
  if (!sep.custom) throw new RangeError('A custom separator cannot be empty')
  return sep.custom
}

/*
 * Detection reads the first 1 MB of the body (up to a line's end): thousands
 * of cards, plenty to tell the separator, without tokenizing a large file
 * three more times.
 */
const DETECTION_SAMPLE = 1024 * 1024

function detectionSample(text: string, start: number): string {
  if (text.length - start <= DETECTION_SAMPLE) return text
  const end = text.indexOf('\n', start + DETECTION_SAMPLE)
  return end < 0 ? text : text.slice(0, end + 1)
}

const OWN_CSV_HEADER = ['front', 'back', 'tags']
const OWN_CSV_HEADER_LINE = /^front,back(,tags)?(\r\n|\r|\n)/i

/* records that a candidate separator splits into front and back */
function splitCount(text: string, start: number, fs: string, rs: RecordSep, starts: number[]) {
  return tokenize(text, start, fs, rs, starts).records.filter((record) => usedCount(record.fields) >= 2).length
}

function detectFieldSeparator(text: string, start: number, rs: RecordSep, starts: number[]): string {
  /* Mnemo's own export names its separator in its header row (a field may hold a tab: "'\tindented") */
  if (OWN_CSV_HEADER_LINE.test(text.slice(start, start + 32))) return ','
  if (splitCount(text, start, '\t', rs, starts) > 0) return '\t'
  const commas = splitCount(text, start, ',', rs, starts)
  const semicolons = rs === ';' ? 0 : splitCount(text, start, ';', rs, starts)
  return semicolons > commas ? ';' : ','
}

/* Quizlet's "semicolon between rows" gives one line of several pairs. */
function detectCardSeparator(text: string, start: number, fs: string, starts: number[]): RecordSep {
  if (fs === ';') return NEWLINE
  const lines = detectionSample(text, start)
    .slice(start)
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() && !line.startsWith('#'))
  if (lines.length !== 1 || !lines[0].includes(';')) return NEWLINE
  const records = tokenize(text, start, fs, ';', starts).records
  return records.length >= 2 && records.every((record) => usedCount(record.fields) >= 2) ? ';' : NEWLINE
}

/* ------------------------------------------------------------------ parsing */

export function escapeText(text: string): string {
  if (!/[&<>\r\n]/.test(text)) return text
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r\n|\r|\n/g, '<br>')
}


type Role = 'front' | 'back' | 'tags' | 'deck' | 'notetype' | 'guid' | 'extra'

function roleOfName(name: string): Role | undefined {
  const normed = name.trim().toLowerCase()
  if (normed === 'tags') return 'tags'
  if (normed === 'deck') return 'deck'
  if (normed === 'notetype' || normed === 'note type') return 'notetype'
  if (normed === 'guid') return 'guid'
  return undefined
}

function isClozeName(name: string | undefined): boolean {
  return resolveNoteType(name).kind === 'cloze'
}

export function parseTextImport(input: string, options: TextImportOptions = {}): ParsedText {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input
  const starts = lineStarts(text)
  const { header, columnsValue, bodyStart } = readHeader(text)

  const givenCard = options.cardSeparator ? separatorString(options.cardSeparator) : undefined
  let fs: string
  if (options.fieldSeparator) fs = separatorString(options.fieldSeparator)
  else if (header.separator) fs = header.separator
  else fs = detectFieldSeparator(detectionSample(text, bodyStart), bodyStart, givenCard ?? NEWLINE, starts)
  const rs = givenCard ?? detectCardSeparator(text, bodyStart, fs, starts)
  if (fs === rs || (rs === NEWLINE && /[\r\n]/.test(fs))) {
    throw new RangeError('The card separator and the field separator must differ')
  }

  const { records, unbalanced } = tokenize(text, bodyStart, fs, rs, starts)
  const nonBlank = records.filter((record) => usedCount(record.fields) > 0)

  let columns: string[] | undefined
  /* Mnemo's own export (its front,back,tags header row): formula starts were escaped by writeCsv */
  let ownCsv = false
  if (columnsValue !== undefined) {
    columns = tokenize(columnsValue, 0, fs, NEWLINE, [0]).records[0]?.fields ?? []
    header.columns = columns
  }
  if (!columns && nonBlank.length) {
    const first = nonBlank[0].fields.slice(0, usedCount(nonBlank[0].fields)).map((f) => f.toLowerCase())
    const isColumnRow = first.length >= 2 && first.length <= 3 && first.every((name, i) => name === OWN_CSV_HEADER[i])
    if (isColumnRow) {
      columns = nonBlank.shift()!.fields.slice(0, first.length)
      header.columns = columns
      ownCsv = true
    }
  }
  const html = options.html ?? header.html ?? false

  /* which field plays which role (0-based) */
  const explicit: [Role, number | undefined][] = [
    ['tags', header.tagsColumn],
    ['deck', header.deckColumn],
    ['notetype', header.notetypeColumn],
    ['guid', header.guidColumn],
  ]
  const roleAt = new Map<number, Role>()
  for (const [role, column] of explicit) if (column) roleAt.set(column - 1, role)
  columns?.forEach((name, index) => {
    const role = roleOfName(name)
    if (role && !roleAt.has(index) && ![...roleAt.values()].includes(role)) roleAt.set(index, role)
  })

  let expected: number
  if (columns) expected = columns.length
  else {
    const tally = new Map<number, number>()
    for (const record of nonBlank) {
      const count = usedCount(record.fields)
      tally.set(count, (tally.get(count) ?? 0) + 1)
    }
    /* the most common count; a tie goes to the smaller count, so a stray column is reported, not kept */
    expected = 2
    let best = 0
    for (const [count, times] of [...tally].sort((a, b) => a[0] - b[0])) {
      if (times > best) {
        best = times
        expected = count
      }
    }
  }
  expected = Math.max(expected, 2, ...[...roleAt.keys()].map((index) => index + 1))
  const fieldIndexes: number[] = []
  for (let index = 0; index < expected; index++) if (!roleAt.has(index)) fieldIndexes.push(index)

  const escape = (value: string) => (html ? value : escapeText(value))
  const columnOf = (role: Role) => [...roleAt].find(([, r]) => r === role)?.[0]
  const [tagsAt, deckAt, notetypeAt, guidAt] = (['tags', 'deck', 'notetype', 'guid'] as const).map(columnOf)
  const rows: TextRow[] = []
  const problems: TextProblem[] = unbalanced.map((line) => ({ line, reason: 'unbalanced_quote' as const }))
  for (const record of nonBlank) {
    const { fields, line } = record
    if (usedCount(fields) > expected) {
      problems.push({ line, reason: 'too_many_fields' })
      continue
    }
    const at = (index: number | undefined) => {
      const value = index === undefined ? '' : (fields[index] ?? '')
      return ownCsv ? unescapeFormula(value) : value
    }
    const front = at(fieldIndexes[0])
    const back = at(fieldIndexes[1])
    const notetype = at(notetypeAt) || undefined
    if (!front) {
      problems.push({ line, reason: 'no_front' })
      continue
    }
    if (!back && !isClozeName(notetype ?? header.notetype)) {
      problems.push({ line, reason: 'no_back' })
      continue
    }
    const row: TextRow = {
      line,
      front: escape(front),
      back: escape(back),
      tags: [...new Set([...(header.tags ?? []), ...splitTags(at(tagsAt))])],
      extra: fieldIndexes.slice(2).map((index) => escape(at(index))),
    }
    const deck = at(deckAt)
    const guid = at(guidAt)
    if (deck) row.deck = deck
    if (notetype) row.notetype = notetype
    if (guid) row.guid = guid
    rows.push(row)
  }
  problems.sort((a, b) => a.line - b.line)

  return {
    rows,
    problems,
    header,
    detected: {
      cardSeparator: rs === NEWLINE ? 'newline' : rs === ';' ? 'semicolon' : { custom: rs },
      fieldSeparator: fieldSeparatorFromChar(fs),
    },
  }
}

/* ------------------------------------------------------------------ bundle */

/* built-in types by Anki's stock names (what `#notetype:` holds) or by kind */
function resolveNoteType(name: string | undefined): { kind: BuiltinNoteTypeKind; known: boolean } {
  if (!name) return { kind: 'basic', known: true }
  const normed = name.trim().toLowerCase()
  for (const def of Object.values(BUILTIN_NOTE_TYPES)) {
    if (def.kind === 'image_occlusion') continue
    if (def.name.toLowerCase() === normed || def.kind === normed) return { kind: def.kind as BuiltinNoteTypeKind, known: true }
  }
  return { kind: 'basic', known: false }
}

const GUID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~'

/* random bytes drawn in blocks: one crypto call per guid is the slow part of a large import */
let pool = Buffer.alloc(0)
let poolAt = 0

/* the shape of Anki's guids (10 base-91 characters), so an export to Anki keeps them */
export function randomGuid(): string {
  let guid = ''
  while (guid.length < 10) {
    if (poolAt >= pool.length) {
      pool = randomBytes(4096)
      poolAt = 0
    }
    const byte = pool[poolAt++]
    /* 182 = 2 × 91: bytes above it are skipped so every character is equally likely */
    if (byte < 182) guid += GUID_CHARS[byte % 91]
  }
  return guid
}

const PROBLEM_TEXT: Record<TextProblemReason, string> = {
  no_front: 'no front',
  no_back: 'no back (no separator between front and back?)',
  too_many_fields: 'more fields than the other cards (a separator inside a field? quote it)',
  unbalanced_quote: 'a quote that is never closed',
}

export function textToBundle(
  parsed: ParsedText,
  options: { deckName: string; format: 'csv' | 'text'; decodeWarning?: string | null }
): ImportBundle {
  if (!parsed.rows.length && !parsed.problems.length) throw new ImportError('import_empty', 'The file holds no cards')
  const warnings: ImportBundle['warnings'] = []
  if (options.decodeWarning) warnings.push({ message: options.decodeWarning })
  for (const problem of parsed.problems) {
    warnings.push({ line: problem.line, message: `line ${problem.line}: ${PROBLEM_TEXT[problem.reason]}` })
  }

  const decks: BundleDeck[] = []
  const deckKeys = new Map<string, string>()
  const byPath = new Map<string, string>()
  const deckKey = (path: string): string => {
    const known = byPath.get(path)
    if (known) return known
    const names = path.split('::').map((name) => name.trim()).filter(Boolean)
    if (!names.length) names.push(options.deckName)
    let parentKey: string | null = null
    for (let depth = 1; depth <= names.length; depth++) {
      const joined = names.slice(0, depth).join('::')
      let key = deckKeys.get(joined)
      if (!key) {
        key = `deck${deckKeys.size + 1}`
        deckKeys.set(joined, key)
        decks.push({ key, name: names[depth - 1], parentKey })
      }
      parentKey = key
    }
    byPath.set(path, parentKey!)
    return parentKey!
  }
  const defaultDeck = parsed.header.deck || options.deckName

  const noteTypes = new Map<BuiltinNoteTypeKind, BundleNoteType>()
  const noteType = (kind: BuiltinNoteTypeKind) => {
    let type = noteTypes.get(kind)
    if (!type) {
      const def = BUILTIN_NOTE_TYPES[kind]
      type = {
        key: kind,
        name: def.name,
        kind,
        fields: def.fields.map((field) => field.name),
        templates: def.templates.map((template) => ({ ...template })),
        css: def.css,
        isCloze: def.isCloze,
      }
      noteTypes.set(kind, type)
    }
    return type
  }

  const notes: BundleNote[] = []
  const cards: BundleCard[] = []
  const guidLines = new Map<string, number>()
  const unknownTypes = new Set<string>()
  for (const row of parsed.rows) {
    const typeName = row.notetype ?? parsed.header.notetype
    const resolved = resolveNoteType(typeName)
    const def = BUILTIN_NOTE_TYPES[resolved.kind]
    const [frontField, backField] = def.fields.map((field) => field.name)
    const fields = { [frontField]: row.front, [backField]: [row.back, ...row.extra].filter(Boolean).join('<br>') }
    /* HTML that shows nothing ("<br>", an empty <div>) makes no card: a note without one is left out */
    const ords = cardOrdinals(def, fields)
    if (!ords.length) {
      warnings.push({ line: row.line, message: `line ${row.line}: ${PROBLEM_TEXT.no_front}` })
      continue
    }
    if (!resolved.known && typeName && !unknownTypes.has(typeName)) {
      unknownTypes.add(typeName)
      warnings.push({ line: row.line, message: `line ${row.line}: note type "${typeName}" imported as Basic` })
    }
    let guid = row.guid ?? randomGuid()
    if (row.guid && guidLines.has(row.guid)) {
      warnings.push({
        line: row.line,
        message: `line ${row.line}: same GUID as line ${guidLines.get(row.guid)}, imported as a separate note`,
      })
      guid = randomGuid()
    } else if (row.guid) guidLines.set(row.guid, row.line)

    const note: BundleNote = {
      key: `note${notes.length + 1}`,
      guid,
      noteTypeKey: noteType(resolved.kind).key,
      deckKey: deckKey(row.deck || defaultDeck),
      fields,
      tags: row.tags,
    }
    notes.push(note)
    for (const ord of ords) {
      cards.push({ key: `card${cards.length + 1}`, noteKey: note.key, ord, deckKey: note.deckKey, progress: null })
    }
  }
  if (!notes.length) {
    throw new ImportError('import_no_notes', `No card could be read: ${warnings.map((w) => w.message).join('; ')}`)
  }

  return {
    format: options.format,
    noteTypes: [...noteTypes.values()],
    decks,
    notes,
    cards,
    reviews: [],
    media: [],
    warnings,
  }
}

/* ------------------------------------------------------------------ export */

/*
 * Quoted when a plain field would not read back the same: separators, quotes,
 * new lines, a tab (it would make the reader pick tab as the separator),
 * surrounding spaces (plain fields are trimmed) or a leading # (a comment).
 */
/*
 * CSV injection (OWASP): a spreadsheet runs a cell starting with = + - @,
 * a tab or a carriage return as a formula. Such a field is written with a
 * single quote in front, inside double quotes, so it shows as text. A field
 * that already starts with quotes before one of those gets one more, so
 * reading Mnemo's own CSV back (unescapeFormula) removes exactly the quote
 * the writer added: `-5` is written `"'-5"` and reads back `-5`, `'=x` is
 * written `"''=x"` and reads back `'=x`.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/
const ESCAPED_FORMULA_START = /^'+[=+\-@\t\r]/

function csvField(value: string): string {
  if (FORMULA_START.test(value)) return `"'${value.replace(/"/g, '""')}"`
  return /[",\r\n\t]|^\s|\s$|^#/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** A field of Mnemo's own CSV as it was before writeCsv escaped a formula start. */
function unescapeFormula(value: string): string {
  return ESCAPED_FORMULA_START.test(value) ? value.slice(1) : value
}

/**
 * RFC 4180 CSV with a `front,back,tags` header row; fields are HTML as stored,
 * tags separated by spaces; a field a spreadsheet would run as a formula
 * starts with a single quote (csvField).
 */
export function writeCsv(rows: { front: string; back: string; tags: string[] }[]): string {
  const lines = [OWN_CSV_HEADER.join(',')]
  for (const row of rows) lines.push([row.front, row.back, row.tags.join(' ')].map(csvField).join(','))
  return lines.join('\r\n') + '\r\n'
}
