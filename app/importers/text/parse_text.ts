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
import { readHeader, splitTags, type TextHeader } from '#importers/text/header'
import { resolveNoteType } from '#importers/text/note_types'
import { OWN_CSV_HEADER, unescapeFormula } from '#importers/text/own_csv'
import {
  cardSeparatorFromString,
  detectCardSeparator,
  detectFieldSeparator,
  detectionSample,
  fieldSeparatorFromChar,
  separatorString,
  type CardSeparator,
  type FieldSeparator,
} from '#importers/text/separators'
import {
  lineStarts,
  NEWLINE,
  tokenize,
  usedCount,
  type RawRecord,
  type RecordSep,
} from '#importers/text/tokenise'

export type { CardSeparator, FieldSeparator } from '#importers/text/separators'
export type { TextHeader } from '#importers/text/header'

export interface TextImportOptions {
  cardSeparator?: CardSeparator
  /*
   * when absent, detected: Anki header #separator, else tab if any record has a tab, else comma/semicolon by
   * frequency
   */
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

export interface ParsedText {
  rows: TextRow[]
  problems: TextProblem[]
  header: TextHeader
  detected: { cardSeparator: CardSeparator; fieldSeparator: FieldSeparator }
}

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

export function separatorsOf(
  text: string,
  header: TextHeader,
  bodyStart: number,
  starts: number[],
  options: TextImportOptions
) {
  const givenCard = options.cardSeparator ? separatorString(options.cardSeparator) : undefined
  let fs: string
  if (options.fieldSeparator) fs = separatorString(options.fieldSeparator)
  else if (header.separator) fs = header.separator
  else
    fs = detectFieldSeparator(
      detectionSample(text, bodyStart),
      bodyStart,
      givenCard ?? NEWLINE,
      starts
    )
  const rs: RecordSep = givenCard ?? detectCardSeparator(text, bodyStart, fs, starts)
  if (fs === rs || (rs === NEWLINE && /[\r\n]/.test(fs))) {
    throw new RangeError('The card separator and the field separator must differ')
  }
  return { fs, rs }
}

/**
 * The column names: `#columns:`, or a first row `front,back[,tags]` (Mnemo's
 * own CSV, taken off the records: its formula starts were escaped by the writer).
 */
export function columnsOf(
  records: RawRecord[],
  columnsValue: string | undefined,
  fs: string,
  header: TextHeader
) {
  if (columnsValue !== undefined) {
    header.columns = tokenize(columnsValue, 0, fs, NEWLINE, [0]).records[0]?.fields ?? []
    return { columns: header.columns, ownCsv: false }
  }
  if (!records.length) return { columns: undefined, ownCsv: false }
  const first = records[0].fields.slice(0, usedCount(records[0].fields)).map((f) => f.toLowerCase())
  const isColumnRow =
    first.length >= 2 && first.length <= 3 && first.every((name, i) => name === OWN_CSV_HEADER[i])
  if (!isColumnRow) return { columns: undefined, ownCsv: false }
  header.columns = records.shift()!.fields.slice(0, first.length)
  return { columns: header.columns, ownCsv: true }
}

/** Which field plays which role (0-based): `#… column:N` first, then the column names. */
export function rolesOf(header: TextHeader, columns: string[] | undefined): Map<number, Role> {
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
  return roleAt
}

/** How many records have each count of fields (expectedCount's input), added to `tally`. */
export function tallyCounts(records: RawRecord[], tally = new Map<number, number>()) {
  for (const record of records) {
    const count = usedCount(record.fields)
    tally.set(count, (tally.get(count) ?? 0) + 1)
  }
  return tally
}

/**
 * The named columns' count, or else the most common count; a tie goes to the smaller, so a stray column is
 * reported, not kept.
 */
export function expectedCount(
  columns: string[] | undefined,
  tally: Map<number, number>,
  roleAt: Map<number, Role>
): number {
  let expected = 2
  if (columns) expected = columns.length
  else {
    let best = 0
    for (const [count, times] of [...tally].sort((a, b) => a[0] - b[0])) {
      if (times > best) {
        best = times
        expected = count
      }
    }
  }
  return Math.max(expected, 2, ...[...roleAt.keys()].map((index) => index + 1))
}

export interface Layout {
  header: TextHeader
  html: boolean
  ownCsv: boolean
  expected: number
  roleAt: Map<number, Role>
}

/** Each record as a row, or as the problem that keeps it out. */
export function rowsOf(records: RawRecord[], layout: Layout, problems: TextProblem[]): TextRow[] {
  const { header, html, ownCsv, expected, roleAt } = layout
  const fieldIndexes: number[] = []
  for (let index = 0; index < expected; index++) if (!roleAt.has(index)) fieldIndexes.push(index)
  const escape = (value: string) => (html ? value : escapeText(value))
  const columnOf = (role: Role) => [...roleAt].find(([, r]) => r === role)?.[0]
  const [tagsAt, deckAt, notetypeAt, guidAt] = (['tags', 'deck', 'notetype', 'guid'] as const).map(
    columnOf
  )
  const rows: TextRow[] = []
  for (const { fields, line } of records) {
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
    if (!front || (!back && resolveNoteType(notetype ?? header.notetype).kind !== 'cloze')) {
      /* cloze rows only need their text */
      problems.push({ line, reason: front ? 'no_back' : 'no_front' })
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
  return rows
}

export function parseTextImport(input: string, options: TextImportOptions = {}): ParsedText {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input
  const starts = lineStarts(text)
  const { header, columnsValue, bodyStart } = readHeader(text)
  const { fs, rs } = separatorsOf(text, header, bodyStart, starts, options)

  const { records, unbalanced } = tokenize(text, bodyStart, fs, rs, starts)
  const nonBlank = records.filter((record) => usedCount(record.fields) > 0)
  const { columns, ownCsv } = columnsOf(nonBlank, columnsValue, fs, header)
  const roleAt = rolesOf(header, columns)
  const layout = {
    header,
    html: options.html ?? header.html ?? false,
    ownCsv,
    expected: expectedCount(columns, tallyCounts(nonBlank), roleAt),
    roleAt,
  }

  const problems: TextProblem[] = unbalanced.map((line) => ({
    line,
    reason: 'unbalanced_quote' as const,
  }))
  const rows = rowsOf(nonBlank, layout, problems)
  problems.sort((a, b) => a.line - b.line)
  return {
    rows,
    problems,
    header,
    detected: {
      cardSeparator: cardSeparatorFromString(rs),
      fieldSeparator: fieldSeparatorFromChar(fs),
    },
  }
}
