/*
 * The card search language, step one: the query as tokens, each with where it
 * starts and ends in the query (0-based offsets), so every error can point at
 * the character that is wrong. The grammar is Anki's (rslib/src/search/
 * parser.rs): every white space is a separator; a term is a "quoted text", a
 * key:"quoted value" or a run of characters up to a space, a quote or a
 * parenthesis, in which a backslash escapes the next character; `-` right
 * before a term or a group negates it. Pure: no database, no framework.
 */

/** What the parser expected where the query went wrong (errors.invalid_search.body selects its words by it). */
export type SearchExpectation =
  | 'term'
  | 'closing_paren'
  | 'closing_quote'
  | 'quoted_text'
  | 'key'
  | 'escape'
  | 'number'
  | 'days'
  | 'comparison'
  | 'state'
  | 'property'
  | 'rating'
  | 'flag'
  | 'ids'
  | 'regex'
  | 'end'

export class SearchSyntaxError extends Error {
  constructor(
    /** 0-based offset of the first character that is wrong (the query's length: it ended too soon) */
    public position: number,
    public expected: SearchExpectation
  ) {
    super(`search: expected ${expected} at ${position}`)
  }
}

/**
 * A term: `key` and `value` as written (escapes kept: search_text.ts undoes
 * them), `key` null for text without a colon; `valueStart` is where the value
 * starts in the query.
 */
export type TermToken = {
  kind: 'term'
  start: number
  end: number
  key: string | null
  keyStart: number
  value: string
  valueStart: number
}

export type Token = { kind: '(' | ')' | '-' | 'or' | 'and'; start: number; end: number } | TermToken

/** A quoted run from the `"` at `at`: its text as written (escapes kept) and the index after the closing quote. */
function readQuoted(query: string, at: number) {
  if (query[at + 1] === '"') throw new SearchSyntaxError(at, 'quoted_text')
  for (let i = at + 1; i < query.length; i++) {
    if (query[i] === '\\') i++
    else if (query[i] === '"') return { raw: query.slice(at + 1, i), next: i + 1 }
  }
  throw new SearchSyntaxError(at, 'closing_quote')
}

/** Where a run from `at` of characters not in `stops` ends (a backslash escapes any but a space); badEscape: on one. */
function runEnd(query: string, at: number, stops: string) {
  let i = at
  while (i < query.length && !stops.includes(query[i])) {
    if (query[i] === '\\') {
      if (i + 1 >= query.length || query[i + 1] === ' ') return { end: i, badEscape: true }
      i += 2
    } else i++
  }
  return { end: i, badEscape: false }
}

/** Text as a term: split at its first colon not escaped (a key before it), or plain text. */
function term(start: number, end: number, raw: string, rawStart: number): TermToken {
  let colon = -1
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '\\') i++
    else if (raw[i] === ':') {
      colon = i
      break
    }
  }
  if (colon === 0) throw new SearchSyntaxError(rawStart, 'key')
  if (colon < 0)
    return {
      kind: 'term',
      start,
      end,
      key: null,
      keyStart: rawStart,
      value: raw,
      valueStart: rawStart,
    }
  return {
    kind: 'term',
    start,
    end,
    key: raw.slice(0, colon),
    keyStart: rawStart,
    value: raw.slice(colon + 1),
    valueStart: rawStart + colon + 1,
  }
}

/** The term at `at` (not a space or parenthesis), or an and/or word. */
function readTerm(query: string, at: number, negated: boolean): { token: Token; next: number } {
  if (query[at] === '"') {
    const { raw, next } = readQuoted(query, at)
    return { token: term(at, next, raw, at + 1), next }
  }
  /* key:"quoted value" */
  const key = runEnd(query, at, '"(): ')
  if (!key.badEscape && key.end > at && query[key.end] === ':' && query[key.end + 1] === '"') {
    const { raw, next } = readQuoted(query, key.end + 1)
    const token: TermToken = {
      kind: 'term',
      start: at,
      end: next,
      key: query.slice(at, key.end),
      keyStart: at,
      value: raw,
      valueStart: key.end + 2,
    }
    return { token, next }
  }
  const run = runEnd(query, at, '"() ')
  if (run.badEscape) throw new SearchSyntaxError(run.end, 'escape')
  const raw = query.slice(at, run.end)
  const word = raw.toLowerCase()
  if (!negated && (word === 'and' || word === 'or'))
    return { token: { kind: word, start: at, end: run.end }, next: run.end }
  return { token: term(at, run.end, raw, at), next: run.end }
}

/** The query's tokens, in order. Throws SearchSyntaxError for a bad quote or escape. */
export function tokenize(input: string): Token[] {
  const query = input.replace(/\s/g, ' ')
  const tokens: Token[] = []
  let negated = false
  let i = 0
  while (i < query.length) {
    const char = query[i]
    if (char === ' ') {
      i++
    } else if (char === '(' || char === ')') {
      tokens.push({ kind: char, start: i, end: i + 1 })
      negated = false
      i++
    } else if (char === '-' && !negated && i + 1 < query.length && !' )'.includes(query[i + 1])) {
      /* a minus right before a term or group negates it ("--a": not "-a"); otherwise it is text */
      tokens.push({ kind: '-', start: i, end: i + 1 })
      negated = true
      i++
    } else {
      const { token, next } = readTerm(query, i, negated)
      tokens.push(token)
      negated = false
      i = next
    }
  }
  return tokens
}
