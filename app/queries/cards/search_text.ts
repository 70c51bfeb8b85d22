/*
 * The card search language's text rules, as Anki has them
 * (rslib/src/search/parser.rs and rslib/src/text.rs): which backslash escapes
 * a term may hold, and how its `*` and `_` wildcards become a LIKE pattern or
 * a regular expression. Pure: no database.
 */
import { SearchSyntaxError } from '#queries/cards/search_tokens'

/**
 * A term's text with the parser's escapes undone: \" \: \( \) \- are the
 * character; \\ \* \_ stay for the wildcard rules below; any other escape is
 * refused at its backslash (`at`: where `text` starts in the query).
 */
export function unescape(text: string, at: number): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\\') {
      out += text[i]
      continue
    }
    const next = text[i + 1]
    if (next !== undefined && '":()-'.includes(next)) out += next
    else if (next !== undefined && '\\*_'.includes(next)) out += `\\${next}`
    else throw new SearchSyntaxError(at + i, 'escape')
    i++
  }
  return out
}

/** Only \" undone (a regular expression keeps its own escapes). */
export const unescapeQuotes = (text: string) => text.replaceAll('\\"', '"')

/** Whether the text holds a wildcard (`*` or `_` not escaped). */
export function isGlob(text: string): boolean {
  return /(?:^|[^\\])(?:\\\\)*[*_]/.test(text)
}

/**
 * The text as a LIKE pattern (escape '\'): `*` any run, `_` one character,
 * `%` literal; \* \_ \\ the character itself. No % added around it.
 */
export function likePattern(text: string): string {
  return text.replace(/\\[\\*]|[*%]/g, (match) =>
    match === '\\\\' ? '\\\\' : match === '\\*' ? '*' : match === '*' ? '%' : '\\%'
  )
}

const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}#&~-]/

/**
 * The text as a PostgreSQL regular expression: `*` is `wildcard*`, `_` is
 * `wildcard`, everything else literal (\* \_ \\ the character itself).
 */
export function globRegex(text: string, wildcard = '.'): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '\\' && i + 1 < text.length) {
      const next = text[++i]
      out += next === '_' ? '_' : `\\${next}`
    } else if (char === '*') out += `${wildcard}*`
    else if (char === '_') out += wildcard
    else out += REGEX_SPECIAL.test(char) ? `\\${char}` : char
  }
  return out
}

/* what JavaScript reads but PostgreSQL does not: inline flags, named groups, Unicode classes */
const NOT_FOR_POSTGRES = /\(\?(?:[a-zA-Z]|<[a-zA-Z])|\\[pPk]/

/**
 * A regular expression written for Anki (Rust's regex crate) as PostgreSQL
 * reads it: its word boundaries \b \B are \y \Y there, and a leading (?i) is
 * what the case-insensitive operator already does. Null: one that either
 * JavaScript (whose syntax is close to both) or PostgreSQL cannot read.
 */
export function postgresRegex(pattern: string): string | null {
  const body = pattern.replace(/^\(\?i\)/, '')
  if (NOT_FOR_POSTGRES.test(body.replace(/\\\\/g, ''))) return null
  try {
    new RegExp(body)
  } catch {
    return null
  }
  return body.replace(/\\\\|\\b|\\B/g, (match) =>
    match === '\\b' ? '\\y' : match === '\\B' ? '\\Y' : match
  )
}

/** Accents and other combining marks taken off (Anki's `nc:`), for text folded in JavaScript. */
export const withoutCombining = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '')
