import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import ApiException from '#exceptions/api_exception'
import { parseSearch, type SearchNode } from '#queries/cards/search_parser'
import { SearchSyntaxError, tokenize, type SearchExpectation } from '#queries/cards/search_tokens'
import { cardSearch } from '#queries/cards/card_search'

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
  ['is:frozen or is:suspended', or({ type: 'is', state: 'frozen' }, { type: 'is', state: 'suspended' })],
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
    and({ type: 'deck', name: 'Spanish' }, { type: 'tag', name: 'verbs' }, or({ type: 'prop', property: 'lapses', comparison: '>=', value: 2 }, not({ type: 'is', state: 'new' }))),
  ],
]

/* malformed queries: the 0-based position of the error and what was expected there */
const MALFORMED: [string, number, SearchExpectation][] = [
  ['"dog', 0, 'closing_quote'],
  ['cat "dog', 4, 'closing_quote'],
  ['deck:"Spanish', 5, 'closing_quote'],
  ['(dog', 4, 'closing_paren'],
  ['(dog or (cat)', 13, 'closing_paren'],
  ['dog)', 3, 'end'],
  ['()', 1, 'term'],
  ['dog or', 6, 'term'],
  ['or dog', 0, 'term'],
  ['dog or or cat', 7, 'term'],
  ['a -)', 3, 'term'],
  ['-(', 2, 'term'],
  ['deck:', 5, 'value'],
  ['tag:', 4, 'value'],
  ['is:', 3, 'state'],
  ['is:old', 3, 'state'],
  ['prop:', 5, 'property'],
  ['prop:size>3', 5, 'property'],
  ['prop:ivl', 8, 'comparison'],
  ['prop:ivl~3', 8, 'comparison'],
  ['prop:ivl>', 9, 'number'],
  ['prop:ivl>ten', 9, 'number'],
  ['prop:ivl>-1', 9, 'number'],
  ['prop:lapses>=2.5', 13, 'number'],
  ['rated:', 6, 'days'],
  ['rated:0', 6, 'days'],
  ['rated:x', 6, 'days'],
  ['rated:7:5', 8, 'rating'],
  ['rated:7:1:2', 8, 'rating'],
  ['added:-1', 6, 'days'],
  ['added:99999999', 6, 'days'],
  ['dog colour:red', 4, 'prefix'],
  ['"is:old"', 4, 'state'],
  ['"prop:ivl>x"', 10, 'number'],
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
        assert.deepEqual({ position: (error as SearchSyntaxError).position, expected: (error as SearchSyntaxError).expected }, { position, expected })
      }
    })

  test('tokens carry where they start and end', ({ assert }) => {
    assert.deepEqual(
      tokenize('-(a or "b c")').map((token) => [token.kind, token.start, token.end]),
      [['-', 0, 1], ['(', 1, 2], ['term', 2, 3], ['or', 4, 6], ['term', 7, 12], [')', 12, 13]]
    )
  })

  test('a malformed query is a 422 naming where and what, before any SQL is sent', async ({ assert }) => {
    const sent: string[] = []
    const listener = (query: { sql: string }) => sent.push(query.sql)
    db.connection().getWriteClient().on('query', listener)
    try {
      for (const [query, position, expected] of MALFORMED) {
        try {
          cardSearch({ id: 1, timezoneOffset: 0 }, query)
          assert.fail(`${query} parsed`)
        } catch (error) {
          assert.instanceOf(error, ApiException)
          const refusal = error as ApiException
          assert.equal(refusal.status, 422)
          assert.equal(refusal.code, 'E_INVALID_SEARCH')
          assert.deepEqual(refusal.options.extra, { position, expected })
          assert.deepEqual(refusal.options.values, { position: position + 1, expected })
        }
      }
      assert.deepEqual(sent, [])
      /* the listener does hear what reaches PostgreSQL */
      await db.rawQuery('select 1')
      assert.deepEqual(sent, ['select 1'])
    } finally {
      db.connection().getWriteClient().off('query', listener)
    }
  })
})
