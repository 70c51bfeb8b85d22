import { test } from '@japa/runner'
import { parseSearch, type SearchNode } from '#queries/cards/search_parser'
import { SearchSyntaxError, tokenize } from '#queries/cards/search_tokens'
import { MALFORMED } from '#tests/support/search_cases'

const text = (value: string): SearchNode => ({ type: 'text', value })
const and = (...children: SearchNode[]): SearchNode => ({ type: 'and', children })
const or = (...children: SearchNode[]): SearchNode => ({ type: 'or', children })
const not = (child: SearchNode): SearchNode => ({ type: 'not', child })

/* valid queries and the tree each must give */
const VALID: [string, SearchNode | null][] = [
  ['', null],
  ['   ', null],
  ['dog', text('dog')],
  ['dog cat', and(text('dog'), text('cat'))],
  ['dog and cat', and(text('dog'), text('cat'))],
  ['"a dog" cat', and(text('a dog'), text('cat'))],
  ['"say \\"hi\\""', text('say "hi"')],
  ['dog or cat', or(text('dog'), text('cat'))],
  ['dog OR cat', or(text('dog'), text('cat'))],
  ['a b or c', or(and(text('a'), text('b')), text('c'))],
  ['a (b or c)', and(text('a'), or(text('b'), text('c')))],
  ['-dog', not(text('dog'))],
  ['-(a or b) c', and(not(or(text('a'), text('b'))), text('c'))],
  ['--dog', not(not(text('dog')))],
  ['well-known', text('well-known')],
  ['- dog', and(text('-'), text('dog'))],
  ['a -', and(text('a'), text('-'))],
  ['"or"', text('or')],
  ['deck:Spanish', { type: 'deck', name: 'Spanish' }],
  ['deck:"Spanish verbs"', { type: 'deck', name: 'Spanish verbs' }],
  ['"deck:Spanish verbs"', { type: 'deck', name: 'Spanish verbs' }],
  ['deck:Span*', { type: 'deck', name: 'Span*' }],
  ['DECK:x', { type: 'deck', name: 'x' }],
  ['tag:verbs', { type: 'tag', name: 'verbs' }],
  ['tag:none', { type: 'tag', name: 'none' }],
  ['is:new', { type: 'is', state: 'new' }],
  ['is:Learning', { type: 'is', state: 'learning' }],
  ['is:review is:due', and({ type: 'is', state: 'review' }, { type: 'is', state: 'due' })],
  [
    'is:frozen or is:suspended',
    or({ type: 'is', state: 'frozen' }, { type: 'is', state: 'suspended' }),
  ],
  ['prop:ivl>10', { type: 'prop', property: 'ivl', comparison: '>', value: 10 }],
  ['prop:lapses>=2', { type: 'prop', property: 'lapses', comparison: '>=', value: 2 }],
  ['prop:due=1', { type: 'prop', property: 'due', comparison: '=', value: 1 }],
  ['prop:due<=-3', { type: 'prop', property: 'due', comparison: '<=', value: -3 }],
  ['prop:reps!=0', { type: 'prop', property: 'reps', comparison: '!=', value: 0 }],
  ['prop:ease<2.5', { type: 'prop', property: 'ease', comparison: '<', value: 2.5 }],
  ['rated:7', { type: 'rated', days: 7, rating: null }],
  ['rated:7:1', { type: 'rated', days: 7, rating: 1 }],
  ['added:30', { type: 'added', days: 30 }],
  ['"time: 10:30"', text('time: 10:30')],
  [
    'deck:Spanish tag:verbs (prop:lapses>=2 or -is:new)',
    and(
      { type: 'deck', name: 'Spanish' },
      { type: 'tag', name: 'verbs' },
      or(
        { type: 'prop', property: 'lapses', comparison: '>=', value: 2 },
        not({ type: 'is', state: 'new' })
      )
    ),
  ],
]

test.group('Card search: the parser', () => {
  test('valid: {$self}')
    .with(VALID.map(([query]) => query))
    .run(({ assert }, query) => {
      const [, tree] = VALID.find(([candidate]) => candidate === query)!
      assert.deepEqual(parseSearch(query), tree)
    })

  test('malformed: {$self}')
    .with(MALFORMED.map(([query]) => query))
    .run(({ assert }, query) => {
      const [, position, expected] = MALFORMED.find(([candidate]) => candidate === query)!
      try {
        parseSearch(query)
        assert.fail(`${query} parsed`)
      } catch (error) {
        assert.instanceOf(error, SearchSyntaxError)
        assert.deepEqual(
          {
            position: (error as SearchSyntaxError).position,
            expected: (error as SearchSyntaxError).expected,
          },
          { position, expected }
        )
      }
    })

  test('tokens carry where they start and end', ({ assert }) => {
    assert.deepEqual(
      tokenize('-(a or "b c")').map((token) => [token.kind, token.start, token.end]),
      [
        ['-', 0, 1],
        ['(', 1, 2],
        ['term', 2, 3],
        ['or', 4, 6],
        ['term', 7, 12],
        [')', 12, 13],
      ]
    )
  })
})
