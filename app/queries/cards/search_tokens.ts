/*
 * The card search language, step one: the query as tokens, each with where it
 * starts and ends in the query (0-based offsets), so every error can point at
 * the character that is wrong. Pure: no database, no framework.
 */

/** What the parser expected where the query went wrong (errors.invalid_search.body selects its words by it). */
export type SearchExpectation =
  | 'term'
  | 'closing_paren'
  | 'closing_quote'
  | 'value'
  | 'number'
  | 'days'
  | 'comparison'
  | 'state'
  | 'property'
  | 'rating'
  | 'prefix'
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

export type Token =
  | { kind: '(' | ')' | '-' | 'or' | 'and'; start: number; end: number }
  /** a word, or a "quoted phrase"; `prefix` is the part before an unquoted colon (deck:"My deck" → deck, My deck) */
  | {
      kind: 'term'
      start: number
      end: number
      prefix: string | null
      value: string
      quoted: boolean
      valueStart: number
    }

const SPACE = /\s/
const BREAK = /[\s()]/

/** A quoted run from the `"` at `at`: its text (\" and \\ escape) and the index after the closing quote. */
function readQuoted(query: string, at: number) {
  let text = ''
  for (let i = at + 1; i < query.length; i++) {
    const char = query[i]
    if (char === '\\' && i + 1 < query.length) {
      text += query[++i]
    } else if (char === '"') {
      return { text, next: i + 1 }
    } else {
      text += char
    }
  }
  throw new SearchSyntaxError(at, 'closing_quote')
}

/** A word from `at` (up to a space or a parenthesis), with quoted runs inside it (deck:"Spanish verbs"). */
function readWord(query: string, at: number) {
  let raw = ''
  let prefix: string | null = null
  let quoted = false
  let valueStart = at
  let i = at
  while (i < query.length && !BREAK.test(query[i])) {
    if (query[i] === '"') {
      const run = readQuoted(query, i)
      raw += run.text
      quoted = true
      i = run.next
    } else if (query[i] === ':' && prefix === null && !quoted) {
      prefix = raw
      raw = ''
      valueStart = ++i
    } else {
      raw += query[i++]
    }
  }
  return {
    token: { kind: 'term' as const, start: at, end: i, prefix, value: raw, quoted, valueStart },
    next: i,
  }
}

/** A whole "quoted phrase"; one that reads "deck:My deck" is that prefix and value, as Anki takes it. */
function phraseToken(query: string, at: number): { token: Token; next: number } {
  const { text, next } = readQuoted(query, at)
  const prefixed = text.match(/^([a-z]+):(.*)$/is)
  if (prefixed && PREFIXES.has(prefixed[1].toLowerCase())) {
    return {
      token: {
        kind: 'term',
        start: at,
        end: next,
        prefix: prefixed[1],
        value: prefixed[2],
        quoted: true,
        valueStart: at + prefixed[1].length + 2,
      },
      next,
    }
  }
  return {
    token: {
      kind: 'term',
      start: at,
      end: next,
      prefix: null,
      value: text,
      quoted: true,
      valueStart: at + 1,
    },
    next,
  }
}

const PREFIXES = new Set(['deck', 'tag', 'is', 'prop', 'rated', 'added'])

/** The query's tokens, in order. Throws SearchSyntaxError for an unclosed quote. */
export function tokenize(query: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < query.length) {
    const char = query[i]
    if (SPACE.test(char)) {
      i++
    } else if (char === '(' || char === ')') {
      tokens.push({ kind: char, start: i, end: i + 1 })
      i++
    } else if (char === '-' && i + 1 < query.length && !SPACE.test(query[i + 1])) {
      /* a minus before a term (no space between) negates it; a lone "-" is a word */
      tokens.push({ kind: '-', start: i, end: i + 1 })
      i++
    } else if (char === '"') {
      const { token, next } = phraseToken(query, i)
      tokens.push(token)
      i = next
    } else {
      const { token, next } = readWord(query, i)
      const word = token.prefix === null && !token.quoted ? token.value.toLowerCase() : null
      if (word === 'or' || word === 'and')
        tokens.push({ kind: word, start: token.start, end: token.end })
      else tokens.push(token)
      i = next
    }
  }
  return tokens
}
