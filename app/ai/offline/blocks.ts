import nlp from 'compromise'
import { squash, wordCount } from '#ai/offline/text'
import { isTermPhrase } from '#ai/offline/phrases'

/*
 * A document's layout, read before its sentences: which lines are headings, running
 * heads and footers (never part of a sentence), table rows (left out), bullet items
 * (each a unit of its own), glossary entries ("term: meaning" lines, read as a glossary
 * when most lines of a block are entries or a "Key terms" heading opens the block),
 * prose, its lines re-joined with hyphenated line breaks mended, and tables (rows of
 * tab-separated cells under a header row) with the heading above them as their caption.
 */

export type GlossaryEntry = { term: string; definition: string }
export type Table = {
  caption: string
  columns: string[]
  rows: { label: string; cells: string[] }[]
}
export type Blocks = { prose: string[]; glossary: GlossaryEntry[]; tables: Table[] }

const GLOSSARY_LINE = /^\s*(?:[-*•]\s*)?([^\t:—–]{1,60}?)\s*(?:\t+|\s*[:—–]\s+|\s+-\s+)(.{8,})$/
const GLOSSARY_HEADING =
  /^(key\s+terms?|glossary|vocabulary|key\s+vocabulary|key\s+words|terms|definitions)\s*:?$/i
const BULLET = /^(?:[-*•▪◦●]|\d{1,2}[.)])\s+/
const SENTENCE_END = /[.!?:;"”’)\]]$/

function glossaryEntry(line: string): GlossaryEntry | null {
  const match = GLOSSARY_LINE.exec(line)
  if (!match) return null
  const term = squash(match[1])
  const definition = squash(match[2])
  if (!/^[\p{L}\p{N}]/u.test(term) || /[.!?]$/.test(term) || !isTermPhrase(term)) return null
  if (wordCount(definition) < 2) return null
  return { term, definition }
}

/** Two tab stops or more: a row of a table, which reads as no sentence. */
const isTableRow = (line: string) => (line.match(/\t/g) ?? []).length >= 2

/** A header row of column names over rows that each open with their label; null for anything else. */
function readTable(lines: string[], caption: string | null): Table | null {
  const [header, ...body] = lines.map((line) => line.replace(/\s+$/, '').split('\t').map(squash))
  const columns = header.slice(1)
  const rows = body.map(([label, ...cells]) => ({
    label,
    cells: columns.map((_, index) => cells[index] ?? ''),
  }))
  if (
    !caption ||
    !body.length ||
    columns.length < 2 ||
    columns.some((column) => !column || wordCount(column) > 4)
  )
    return null
  return rows.every((row) => row.label && wordCount(row.label) <= 6 && row.cells.some(Boolean))
    ? { caption, columns, rows }
    : null
}

function isTitleCase(line: string) {
  const long = line.split(/\s+/).filter((word) => /^\p{L}{4,}/u.test(word))
  return (
    /^[\p{Lu}\d]/u.test(line) &&
    long.filter((word) => /^\p{Lu}/u.test(word)).length >= Math.ceil(long.length * 0.6)
  )
}

/**
 * A line that ends no sentence, standing between the end of one and the start of the next:
 * a heading ("Understanding Pigments", "What Is Light Energy?"), a label ("Key Terms") or a
 * page's running head or footer ("Chapter 18 | Blood", "802 Access for free at openstax.org").
 */
function isHeading(line: string, previous: string | undefined, next: string | undefined) {
  if (wordCount(line) > 12 || BULLET.test(line) || glossaryEntry(line)) return false
  if (line.endsWith('?') ? !isTitleCase(line) : SENTENCE_END.test(line)) return false
  const afterSentence = previous === undefined || SENTENCE_END.test(previous)
  const beforeSentence =
    next === undefined ||
    /^[\p{Lu}\d"“(]/u.test(next) ||
    BULLET.test(next) ||
    Boolean(glossaryEntry(next))
  return afterSentence && beforeSentence && (isTitleCase(line) || wordCount(line) <= 8)
}

/** Lines as units of prose: a bullet starts a unit of its own; hyphenated line breaks are mended. */
function proseUnits(lines: string[]) {
  const units: string[][] = []
  for (const line of lines) {
    if (BULLET.test(line) || !units.length) units.push([line.replace(BULLET, '')])
    else units.at(-1)!.push(line)
  }
  return units
    .map((unit) => squash(unit.join('\n').replace(/(\p{L})-\n(\p{L})/gu, '$1$2')))
    .filter(Boolean)
}

/** One run of lines between headings: glossary entries or prose. */
function readRun(lines: string[], heading: string | null, blocks: Blocks) {
  if (!lines.length) return
  const entries = lines.map(glossaryEntry)
  if (heading && GLOSSARY_HEADING.test(heading)) {
    const rest: string[] = []
    lines.forEach((line, index) => {
      const entry = entries[index]
      const last = blocks.glossary.at(-1)
      if (entry) blocks.glossary.push(entry)
      else if (last && /^\p{Ll}/u.test(line)) last.definition = squash(`${last.definition} ${line}`)
      else rest.push(line)
    })
    blocks.prose.push(...proseUnits(rest))
    return
  }
  const matched = entries.filter(Boolean).length
  /* one line alone is an entry only when its explanation is a single sentence ("Term: explanation") */
  const single =
    lines.length === 1 && entries[0] && nlp(entries[0].definition).sentences().length === 1
  if (lines.length > 1 ? matched >= Math.ceil(lines.length * 0.6) : single) {
    for (const entry of entries) if (entry) blocks.glossary.push(entry)
    return
  }
  blocks.prose.push(...proseUnits(lines))
}

export function readBlocks(text: string): Blocks {
  const blocks: Blocks = { prose: [], glossary: [], tables: [] }
  let heading: string | null = null
  for (const paragraph of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const rows = paragraph.split('\n').filter((line) => isTableRow(line.trim()))
    const table = rows.length >= 2 ? readTable(rows, heading) : null
    if (table) blocks.tables.push(table)
    const lines = paragraph
      .split('\n')
      .filter((line) => !isTableRow(line.trim()))
      .map((line) => line.trim())
      .filter(Boolean)
    let run: string[] = []
    lines.forEach((line, index) => {
      /* a heading under a running head starts after a boundary too */
      if (!isHeading(line, run.length ? lines[index - 1] : undefined, lines[index + 1]))
        return run.push(line)
      readRun(run, heading, blocks)
      run = []
      heading = line
    })
    readRun(run, heading, blocks)
  }
  return blocks
}
