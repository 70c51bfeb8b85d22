/*
 * Anki's text header: the leading lines starting with `#`. Known
 * `#key:value` lines (`#separator:tab`, `#html:true`, `#tags:…`,
 * `#columns:…`, `#deck:…`, `#notetype:…`, `#tags column:3`, `#guid column:1`,
 * `#deck column:…`, `#notetype column:…`) set the header; the others are
 * comments.
 */

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

/* Anki separates tags with spaces; commas are accepted too, as hand-made CSVs use them. */
export function splitTags(value: string): string[] {
  return value.split(/[\s,]+/).filter(Boolean)
}

function applyLine(header: TextHeader, key: string, value: string): void {
  const column = Number.parseInt(value.trim(), 10)
  const validColumn = Number.isInteger(column) && column >= 1 ? column : undefined
  if (key === 'separator') header.separator = separatorFromHeader(value)
  else if (key === 'html') header.html = value.trim().toLowerCase() === 'true'
  else if (key === 'tags') header.tags = splitTags(value)
  else if (key === 'deck') header.deck = value.trim()
  else if (key === 'notetype') header.notetype = value.trim()
  else if (key === 'tags column') header.tagsColumn = validColumn
  else if (key === 'guid column') header.guidColumn = validColumn
  else if (key === 'deck column') header.deckColumn = validColumn
  else if (key === 'notetype column') header.notetypeColumn = validColumn
}

/**
 * The header at the text's start; `#columns:` comes back as written
 * (columnsValue), since only the separator can split it. bodyStart is where
 * the first line after the header starts.
 */
export function readHeader(text: string): {
  header: TextHeader
  columnsValue?: string
  bodyStart: number
} {
  const header: TextHeader = {}
  let columnsValue: string | undefined
  let i = 0
  while (i < text.length && text[i] === '#') {
    let end = i
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++
    const match = /^#([A-Za-z ]+):(.*)$/.exec(text.slice(i, end))
    const key = match?.[1].trim().toLowerCase()
    if (match && key === 'columns') columnsValue = match[2]
    else if (match && key && HEADER_KEYS.has(key)) applyLine(header, key, match[2])
    i = end
    if (text[i] === '\r' && text[i + 1] === '\n') i += 2
    else if (i < text.length) i++
  }
  for (const key of Object.keys(header) as (keyof TextHeader)[])
    if (header[key] === undefined) delete header[key]
  return { header, columnsValue, bodyStart: i }
}
