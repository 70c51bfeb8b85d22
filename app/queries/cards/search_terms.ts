/*
 * The card search language: one term (key:value or text) as a tree leaf,
 * with Anki's rules for each key (rslib/src/search/parser.rs): keys in any
 * case, values as Anki reads them, and the same refusals, each at the
 * character that is wrong. Pure: no database.
 */
import { SearchSyntaxError, type TermToken } from '#queries/cards/search_tokens'
import { globRegex, postgresRegex, unescape, unescapeQuotes } from '#queries/cards/search_text'
import {
  CARD_STATES,
  COMPARISONS,
  type CardState,
  type NumericProperty,
  type SearchNode,
} from '#queries/cards/search_nodes'

const U32_MAX = 4_294_967_295
const U8_MAX = 255
const U16_MAX = 65_535

/** A whole number 0 or more as Rust reads one (an optional +), at most `max`; null when it is not. */
function unsigned(text: string, max = U32_MAX): number | null {
  if (!/^\+?\d+$/.test(text)) return null
  const value = Number(text)
  return value <= max ? value : null
}

/** A whole number, maybe negative, within `bound` either way. */
function signed(text: string, bound = 2_147_483_647): number | null {
  if (!/^[+-]?\d+$/.test(text)) return null
  const value = Number(text)
  return Math.abs(value) <= bound ? value : null
}

/** A decimal number (1, 2.5, .5, 1e3). */
function decimal(text: string): number | null {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null
  return Number(text)
}

function required<T>(value: T | null, at: number, expected: 'days' | 'number' | 'flag'): T {
  if (value === null) throw new SearchSyntaxError(at, expected)
  return value
}

/** A list of ids (1,2,3); ids Mnemo cannot hold (past 2^31) find nothing. */
function idList(text: string, at: number): number[] {
  if (!/^(\d+,)*\d+$/.test(text)) throw new SearchSyntaxError(at, 'ids')
  return text
    .split(',')
    .map(Number)
    .filter((id) => id <= 2_147_483_647)
}

const PROPERTIES = [
  'ivl',
  'due',
  'reps',
  'lapses',
  'ease',
  'pos',
  'rated',
  'resched',
  's',
  'd',
  'r',
]

/** prop:ivl>3, prop:rated>-5:3, prop:cdn:key=1 … (Anki's spelling: lower case only). */
function propTerm(value: string, at: number): SearchNode {
  const custom = value.match(/^cd([ns]):[a-z0-9]+/i)
  const property = custom ? custom[0] : PROPERTIES.find((name) => value.startsWith(name))
  if (!property) throw new SearchSyntaxError(at, 'property')
  const rest = value.slice(property.length)
  const comparison = COMPARISONS.find((candidate) => rest.startsWith(candidate))
  if (!comparison) throw new SearchSyntaxError(at + property.length, 'comparison')
  const number = rest.slice(comparison.length)
  const numberAt = at + property.length + comparison.length
  if (custom) {
    if (custom[1] === 'n') required(decimal(number), numberAt, 'number')
    /* Mnemo's cards carry no custom data: Anki finds nothing on a card without it */
    return { type: 'none' }
  }
  if (property === 'rated' || property === 'resched') {
    const [days, button] = number.split(/:(.*)/s)
    const day = signed(days)
    if (day === null || day > 0) throw new SearchSyntaxError(numberAt, 'number')
    if (property === 'resched') return { type: 'rated', comparison, day, rating: 0 }
    return {
      type: 'rated',
      comparison,
      day,
      rating: answerButton(button, numberAt + days.length + 1),
    }
  }
  const parsed =
    property === 'due'
      ? signed(number)
      : ['ivl', 'reps', 'lapses', 'pos'].includes(property)
        ? unsigned(number)
        : decimal(number)
  return {
    type: 'prop',
    property: property as NumericProperty,
    comparison,
    value: required(parsed, numberAt, 'number'),
  }
}

function answerButton(text: string | undefined, at: number): number | null {
  if (text === undefined) return null
  if (!/^\+?[1-4]$/.test(text)) throw new SearchSyntaxError(at, 'rating')
  return Number(text)
}

function ratedTerm(value: string, at: number): SearchNode {
  const [days, button] = value.split(/:(.*)/s)
  const count = Math.max(required(unsigned(days), at, 'days'), 1)
  return {
    type: 'rated',
    comparison: '>',
    day: -count,
    rating: answerButton(button, at + days.length + 1),
  }
}

/** tag:name, tag:re:…, tag:nc:… (`none` and `*` mean the same without accents as with them) */
function tagTerm(value: string, at: number): SearchNode {
  if (value.startsWith('re:'))
    return { type: 'tag', name: regex(unescapeQuotes(value.slice(3)), at + 3), mode: 'regex' }
  const nc = value.startsWith('nc:')
  const name = nc ? unescape(value.slice(3), at + 3) : unescape(value, at)
  return name === '*' ? { type: 'all' } : { type: 'tag', name, mode: nc ? 'nc' : 'normal' }
}

/** A regular expression PostgreSQL can run (its translation), else refused at `at`. */
function regex(pattern: string, at: number): string {
  const translated = postgresRegex(pattern)
  if (translated === null) throw new SearchSyntaxError(at, 'regex')
  return translated
}

/** A field search (front:dog, front:re:…, front:nc:…): any key that is not one of the others. */
function fieldTerm(key: string, keyAt: number, value: string, at: number): SearchNode {
  const field = unescape(key, keyAt)
  if (value.startsWith('re:'))
    return {
      type: 'field',
      field,
      value: regex(unescapeQuotes(value.slice(3)), at + 3),
      mode: 'regex',
    }
  if (value.startsWith('nc:'))
    return { type: 'field', field, value: unescapeQuotes(value.slice(3)), mode: 'nc' }
  return { type: 'field', field, value: unescape(value, at), mode: 'normal' }
}

function stateTerm(value: string, at: number): SearchNode {
  /* case as written: Anki refuses is:New */
  if (!(CARD_STATES as readonly string[]).includes(value)) throw new SearchSyntaxError(at, 'state')
  return { type: 'is', state: value as CardState }
}

function dupeTerm(value: string, at: number): SearchNode {
  const comma = value.indexOf(',')
  const id = signed(comma < 0 ? value : value.slice(0, comma), Number.MAX_SAFE_INTEGER)
  if (id === null) throw new SearchSyntaxError(at, 'number')
  if (comma < 0) throw new SearchSyntaxError(at + value.length, 'term')
  const text = value
    .slice(comma + 1)
    .replaceAll('\\"', '"')
    .replaceAll('\\\\', '\\')
  return { type: 'dupe', noteTypeId: id, text }
}

type KeyReader = (value: string, at: number) => SearchNode

const KEYS: Record<string, KeyReader> = {
  'deck': (value, at) => {
    const name = unescape(value, at)
    return name === '*'
      ? { type: 'all' }
      : name === 'filtered'
        ? { type: 'none' }
        : { type: 'deck', name }
  },
  'note': (value, at) => ({ type: 'note_type', name: unescape(value, at) }),
  'tag': tagTerm,
  'card': (value, at) => {
    const ord = unsigned(value, U16_MAX)
    return ord === null
      ? { type: 'template', name: unescape(value, at) }
      : { type: 'template', ord: Math.max(ord, 1) - 1 }
  },
  'flag': (value, at) => {
    const flag = unsigned(value, U8_MAX)
    if (flag === null || flag > 7) throw new SearchSyntaxError(at, 'flag')
    return { type: 'flag', flag }
  },
  'resched': (value, at) => ({
    type: 'rated',
    comparison: '>',
    day: -required(unsigned(value), at, 'days'),
    rating: 0,
  }),
  'prop': propTerm,
  'added': (value, at) => ({
    type: 'added',
    days: Math.max(required(unsigned(value), at, 'days'), 1),
  }),
  'edited': (value, at) => ({
    type: 'edited',
    days: Math.max(required(unsigned(value), at, 'days'), 1),
  }),
  'introduced': (value, at) => ({
    type: 'introduced',
    days: Math.max(required(unsigned(value), at, 'days'), 1),
  }),
  'rated': ratedTerm,
  'is': stateTerm,
  'did': (value, at) => ({ type: 'deck_ids', ids: idList(value, at) }),
  'mid': (value, at) => {
    const id = required(signed(value, Number.MAX_SAFE_INTEGER), at, 'number')
    return { type: 'note_type_id', id }
  },
  'nid': (value, at) => ({ type: 'note_ids', ids: idList(value, at) }),
  'cid': (value, at) => ({ type: 'card_ids', ids: idList(value, at) }),
  're': (value, at) => ({ type: 'regex', pattern: regex(unescapeQuotes(value), at) }),
  'nc': (value, at) => ({ type: 'text', value: unescape(value, at), mode: 'nc' }),
  'sc': (value, at) => ({ type: 'text', value: unescape(value, at), mode: 'sc' }),
  'w': (value, at) => ({ type: 'regex', pattern: wordPattern(unescape(value, at)) }),
  'dupe': dupeTerm,
  'has-cd': (value, at) => {
    unescape(value, at)
    return { type: 'none' }
  },
  'preset': (value) => ({ type: 'preset', name: value }),
}

/* w:dog: `dog` as a whole word (wildcards inside), as a PostgreSQL regular expression */
function wordPattern(word: string) {
  return `\\y${globRegex(word)}\\y`
}

/** A term as a tree leaf: plain text, or what its key names. */
export function leaf(token: TermToken): SearchNode {
  if (token.key === null)
    return { type: 'text', value: unescape(token.value, token.valueStart), mode: 'normal' }
  const key = token.key.toLowerCase()
  if (Object.hasOwn(KEYS, key)) return KEYS[key](token.value, token.valueStart)
  return fieldTerm(token.key, token.keyStart, token.value, token.valueStart)
}
