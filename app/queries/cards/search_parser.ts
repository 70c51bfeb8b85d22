/*
 * The card search language, step two: tokens to a typed tree (recursive
 * descent). Terms side by side must all match (AND), `or` between them lets
 * either, parentheses group, `-` negates what follows. Precedence, as in
 * Anki: `-` binds tightest, then AND, then `or`. Pure: no database.
 *
 *   query   := or EOF
 *   or      := and ("or" and)*
 *   and     := unary (("and")? unary)*
 *   unary   := "-" unary | primary
 *   primary := "(" or ")" | term
 */
import { SearchSyntaxError, tokenize, type Token } from '#queries/cards/search_tokens'

const CARD_STATES = ['new', 'learning', 'review', 'due', 'frozen', 'suspended'] as const
const PROPERTIES = ['ivl', 'due', 'lapses', 'reps', 'ease'] as const
const COMPARISONS = ['<=', '>=', '!=', '=', '<', '>'] as const

type CardStateName = (typeof CARD_STATES)[number]
type PropertyName = (typeof PROPERTIES)[number]
export type Comparison = (typeof COMPARISONS)[number]

export type SearchNode =
  | { type: 'and'; children: SearchNode[] }
  | { type: 'or'; children: SearchNode[] }
  | { type: 'not'; child: SearchNode }
  /** text in any field: a word (`*` matches anything) or a phrase */
  | { type: 'text'; value: string }
  /** a deck by name (`*` matches anything), with its subdecks */
  | { type: 'deck'; name: string }
  /** a tag (`*` matches anything) and its child tags (tag::child); `none`: notes without tags */
  | { type: 'tag'; name: string }
  | { type: 'is'; state: CardStateName }
  | { type: 'prop'; property: PropertyName; comparison: Comparison; value: number }
  /** answered in the last `days` study days (1: today), optionally with one button (1 again … 4 easy) */
  | { type: 'rated'; days: number; rating: number | null }
  /** cards added in the last `days` study days (1: today) */
  | { type: 'added'; days: number }

/** The longest reach back of rated: and added:, in days (about 100 years). */
const MAX_DAYS = 36_500

type TermToken = Extract<Token, { kind: 'term' }>

/** The number a term's value must be: a whole number in a range, else an error at the value. */
function wholeNumber(text: string, at: number, min: number, max: number) {
  if (!/^\d{1,6}$/.test(text)) throw new SearchSyntaxError(at, 'days')
  const value = Number(text)
  if (value < min || value > max) throw new SearchSyntaxError(at, 'days')
  return value
}

/* where the value of a prefixed term starts in the query (for errors inside it) */
const valueStart = (token: TermToken) => token.valueStart

function propTerm(token: TermToken): SearchNode {
  const at = valueStart(token)
  const match = token.value.match(/^([a-z]*)(.*)$/i)!
  const property = match[1].toLowerCase() as PropertyName
  if (!PROPERTIES.includes(property)) throw new SearchSyntaxError(at, 'property')
  const rest = match[2]
  const comparison = COMPARISONS.find((candidate) => rest.startsWith(candidate))
  if (!comparison) throw new SearchSyntaxError(at + match[1].length, 'comparison')
  const number = rest.slice(comparison.length)
  const numberAt = at + match[1].length + comparison.length
  const pattern =
    property === 'ease' ? /^\d{1,3}(\.\d{1,3})?$/ : property === 'due' ? /^-?\d{1,5}$/ : /^\d{1,5}$/
  if (!pattern.test(number)) throw new SearchSyntaxError(numberAt, 'number')
  return { type: 'prop', property, comparison, value: Number(number) }
}

function ratedTerm(token: TermToken): SearchNode {
  const at = valueStart(token)
  const [days, rating, ...extra] = token.value.split(':')
  const parsed = wholeNumber(days, at, 1, MAX_DAYS)
  if (rating === undefined) return { type: 'rated', days: parsed, rating: null }
  const ratingAt = at + days.length + 1
  if (!/^[1-4]$/.test(rating) || extra.length) throw new SearchSyntaxError(ratingAt, 'rating')
  return { type: 'rated', days: parsed, rating: Number(rating) }
}

/** A term as a tree leaf: plain text, or what its prefix names. */
function leaf(token: TermToken): SearchNode {
  if (token.prefix === null) return { type: 'text', value: token.value }
  const prefix = token.prefix.toLowerCase()
  const at = valueStart(token)
  if (!['deck', 'tag', 'is', 'prop', 'rated', 'added'].includes(prefix))
    throw new SearchSyntaxError(token.start, 'prefix')
  if (token.value === '')
    throw new SearchSyntaxError(
      at,
      prefix === 'is'
        ? 'state'
        : prefix === 'prop'
          ? 'property'
          : prefix === 'deck' || prefix === 'tag'
            ? 'value'
            : 'days'
    )
  switch (prefix) {
    case 'deck':
      return { type: 'deck', name: token.value }
    case 'tag':
      return { type: 'tag', name: token.value }
    case 'is': {
      const state = token.value.toLowerCase() as CardStateName
      if (!CARD_STATES.includes(state)) throw new SearchSyntaxError(at, 'state')
      return { type: 'is', state }
    }
    case 'prop':
      return propTerm(token)
    case 'rated':
      return ratedTerm(token)
    default:
      return { type: 'added', days: wholeNumber(token.value, at, 1, MAX_DAYS) }
  }
}

class Parser {
  private index = 0
  constructor(
    private tokens: Token[],
    private length: number
  ) {}

  private peek() {
    return this.tokens[this.index] as Token | undefined
  }

  /* where the next token starts, or the end of the query */
  private here() {
    return this.peek()?.start ?? this.length
  }

  parse(): SearchNode | null {
    if (!this.tokens.length) return null
    const tree = this.or()
    if (this.peek()) throw new SearchSyntaxError(this.here(), 'end')
    return tree
  }

  private or(): SearchNode {
    const children = [this.and()]
    while (this.peek()?.kind === 'or') {
      this.index++
      children.push(this.and())
    }
    return children.length === 1 ? children[0] : { type: 'or', children }
  }

  private and(): SearchNode {
    const children = [this.unary()]
    for (
      let next = this.peek();
      next && next.kind !== 'or' && next.kind !== ')';
      next = this.peek()
    ) {
      if (next.kind === 'and') this.index++
      children.push(this.unary())
    }
    return children.length === 1 ? children[0] : { type: 'and', children }
  }

  private unary(): SearchNode {
    if (this.peek()?.kind === '-') {
      this.index++
      return { type: 'not', child: this.unary() }
    }
    return this.primary()
  }

  private primary(): SearchNode {
    const token = this.peek()
    if (!token || (token.kind !== '(' && token.kind !== 'term'))
      throw new SearchSyntaxError(this.here(), 'term')
    this.index++
    if (token.kind === 'term') return leaf(token)
    const inner = this.or()
    if (this.peek()?.kind !== ')') throw new SearchSyntaxError(this.here(), 'closing_paren')
    this.index++
    return inner
  }
}

/**
 * The query as a tree; null for an empty query (every card). A malformed
 * query throws SearchSyntaxError with the position and what was expected
 * there, before anything reaches the database.
 */
export function parseSearch(query: string): SearchNode | null {
  return new Parser(tokenize(query), query.length).parse()
}
