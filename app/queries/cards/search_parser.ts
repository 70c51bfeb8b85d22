/*
 * The card search language, step two: tokens to a typed tree. Terms side by
 * side must all match (AND), `or` between them lets either, parentheses
 * group, `-` negates the term or group right after it. Precedence, as in
 * Anki: `-` binds tightest, then AND, then `or`; `and`/`or` at the start or
 * end of a group, or twice in a row, are refused, and so is an empty group.
 * Pure: no database.
 */
import { SearchSyntaxError, tokenize, type Token } from '#queries/cards/search_tokens'
import { leaf } from '#queries/cards/search_terms'
import type { SearchNode } from '#queries/cards/search_nodes'

export type { SearchNode } from '#queries/cards/search_nodes'

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
    const tree = this.group()
    if (this.peek()) throw new SearchSyntaxError(this.here(), 'end')
    if (!tree) throw new SearchSyntaxError(this.here(), 'term')
    return tree
  }

  /** Terms up to a `)` or the end: AND groups joined by `or`; null when there is none. */
  private group(): SearchNode | null {
    const alternatives: SearchNode[][] = [[]]
    let expectTerm = true
    let operator = false
    for (let next = this.peek(); next && next.kind !== ')'; next = this.peek()) {
      if (next.kind === 'and' || next.kind === 'or') {
        if (expectTerm) throw new SearchSyntaxError(next.start, 'term')
        this.index++
        if (next.kind === 'or') alternatives.push([])
        expectTerm = true
        operator = true
        continue
      }
      alternatives.at(-1)!.push(this.unary())
      expectTerm = false
      operator = false
    }
    if (operator) throw new SearchSyntaxError(this.here(), 'term')
    if (expectTerm) return null
    const ors = alternatives.map((children) =>
      children.length === 1 ? children[0] : ({ type: 'and', children } as SearchNode)
    )
    return ors.length === 1 ? ors[0] : { type: 'or', children: ors }
  }

  private unary(): SearchNode {
    if (this.peek()?.kind === '-') {
      this.index++
      return { type: 'not', child: this.primary() }
    }
    return this.primary()
  }

  private primary(): SearchNode {
    const token = this.peek()
    if (!token || (token.kind !== '(' && token.kind !== 'term'))
      throw new SearchSyntaxError(this.here(), 'term')
    this.index++
    if (token.kind === 'term') return leaf(token)
    const inner = this.group()
    if (this.peek()?.kind !== ')') throw new SearchSyntaxError(this.here(), 'closing_paren')
    if (!inner) throw new SearchSyntaxError(this.here(), 'term')
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
