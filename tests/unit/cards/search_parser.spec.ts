import { test } from '@japa/runner'
import { parseSearch, type SearchNode } from '#queries/cards/search_parser'
import { SearchSyntaxError, tokenize } from '#queries/cards/search_tokens'
import { MALFORMED } from '#tests/support/search_cases'

/*
 * The parser against the searches of Anki's own tests (ankitects/anki,
 * rslib/src/search/parser.rs `parsing` and sqlwriter.rs `sql`), each with the
 * meaning Anki gives it, in Mnemo's tree (app/queries/cards/search_nodes.ts).
 */
const text = (value: string, mode: 'normal' | 'nc' | 'sc' = 'normal'): SearchNode => ({
  type: 'text',
  value,
  mode,
})
const and = (...children: SearchNode[]): SearchNode => ({ type: 'and', children })
const or = (...children: SearchNode[]): SearchNode => ({ type: 'or', children })
const not = (child: SearchNode): SearchNode => ({ type: 'not', child })
const field = (
  name: string,
  value: string,
  mode: 'normal' | 'regex' | 'nc' = 'normal'
): SearchNode => ({
  type: 'field',
  field: name,
  value,
  mode,
})
const tag = (name: string, mode: 'normal' | 'regex' | 'nc' = 'normal'): SearchNode => ({
  type: 'tag',
  name,
  mode,
})
const rated = (comparison: any, day: number, rating: number | null): SearchNode => ({
  type: 'rated',
  comparison,
  day,
  rating,
})
const NONE: SearchNode = { type: 'none' }
const ALL: SearchNode = { type: 'all' }

const VALID: [string, SearchNode | null][] = [
  ['', null],
  ['  ', null],
  ['foo\u00a0bar', and(text('foo'), text('bar'))],
  ['foo\tbar', and(text('foo'), text('bar'))],
  ['foo\nbar', and(text('foo'), text('bar'))],
  ['  t   t2  ', and(text('t'), text('t2'))],
  ['(  t   t2  )', and(text('t'), text('t2'))],
  [
    'hello  -(world and "foo:bar baz") OR test',
    or(and(text('hello'), not(and(text('world'), field('foo', 'bar baz')))), text('test')),
  ],
  ['foo:re:bar', field('foo', 'bar', 'regex')],
  ['foo:nc:bar', field('foo', 'bar', 'nc')],
  ['"field:va\\"lue"', field('field', 'va"lue')],
  ['field:"va\\"lue"', field('field', 'va"lue')],
  ['field:va\\"lue', field('field', 'va"lue')],
  ['\\"\\:\\(\\)\\-', text('":()-')],
  ['\\\\\\*\\_', text('\\\\\\*\\_')],
  ['"\\)\\("', text(')(')],
  ['")("', text(')(')],
  ['field:val:ue', field('field', 'val:ue')],
  ['field:val\\:ue', field('field', 'val:ue')],
  ['"field:val:ue"', field('field', 'val:ue')],
  ['field:"val:ue"', field('field', 'val:ue')],
  ['-', text('-')],
  ['\\-', text('-')],
  ['A-', text('A-')],
  ['A\\-', text('A-')],
  ['"-A"', text('-A')],
  ['\\-A', text('-A')],
  ['-A', not(text('A'))],
  ['--dog', not(text('-dog'))],
  ['"re:\\btest\\%"', { type: 'regex', pattern: '\\ytest\\%' }],
  ['re:te\\"st', { type: 'regex', pattern: 'te"st' }],
  ['a"b"(c)', and(text('a'), text('b'), text('c'))],
  ['a b (c)', and(text('a'), text('b'), text('c'))],
  ['added:3', { type: 'added', days: 3 }],
  ['added:0', { type: 'added', days: 1 }],
  ['edited:2', { type: 'edited', days: 2 }],
  ['introduced:3', { type: 'introduced', days: 3 }],
  ['introduced:0', { type: 'introduced', days: 1 }],
  ['card:front', { type: 'template', name: 'front' }],
  ['card:3', { type: 'template', ord: 2 }],
  ['card:0', { type: 'template', ord: 0 }],
  ['"card:card 1"', { type: 'template', name: 'card 1' }],
  ['deck:default', { type: 'deck', name: 'default' }],
  ['deck:"default one"', { type: 'deck', name: 'default one' }],
  ['deck:current', { type: 'deck', name: 'current' }],
  ['deck:d*', { type: 'deck', name: 'd*' }],
  ['deck:A::B', { type: 'deck', name: 'A::B' }],
  ['deck:*', ALL],
  ['deck:filtered', NONE],
  ['preset:default', { type: 'preset', name: 'default' }],
  ['note:basic', { type: 'note_type', name: 'basic' }],
  ['note:basic*', { type: 'note_type', name: 'basic*' }],
  ['mid:3', { type: 'note_type_id', id: 3 }],
  ['tag:hard', tag('hard')],
  ['tag:re:\\\\', tag('\\\\', 'regex')],
  ['tag:one', tag('one')],
  ['tag:foo::bar', tag('foo::bar')],
  ['tag:o*n\\*et%w%oth_re\\_e', tag('o*n\\*et%w%oth_re\\_e')],
  ['tag:none', tag('none')],
  ['tag:*', ALL],
  ['tag:re:.ne|tw.', tag('.ne|tw.', 'regex')],
  ['tag:nc:éte', tag('éte', 'nc')],
  ['tag:nc:none', tag('none', 'nc')],
  ['tag:nc:*', ALL],
  ['nid:1237123712,2,3', { type: 'note_ids', ids: [1237123712, 2, 3] }],
  ['nid:3', { type: 'note_ids', ids: [3] }],
  ['nid:3,4', { type: 'note_ids', ids: [3, 4] }],
  ['cid:3,4', { type: 'card_ids', ids: [3, 4] }],
  ['did:5', { type: 'deck_ids', ids: [5] }],
  ['is:due', { type: 'is', state: 'due' }],
  ['is:new', { type: 'is', state: 'new' }],
  ['is:learn', { type: 'is', state: 'learn' }],
  ['is:review', { type: 'is', state: 'review' }],
  ['is:suspended', { type: 'is', state: 'suspended' }],
  ['is:buried', { type: 'is', state: 'buried' }],
  ['is:buried-manually', { type: 'is', state: 'buried-manually' }],
  ['is:buried-sibling', { type: 'is', state: 'buried-sibling' }],
  ['is:frozen', { type: 'is', state: 'frozen' }],
  ['flag:3', { type: 'flag', flag: 3 }],
  ['flag:2', { type: 'flag', flag: 2 }],
  ['flag:0', { type: 'flag', flag: 0 }],
  ['prop:ivl>3', { type: 'prop', property: 'ivl', comparison: '>', value: 3 }],
  ['prop:ease<=3.3', { type: 'prop', property: 'ease', comparison: '<=', value: 3.3 }],
  ['prop:ease>=2.5', { type: 'prop', property: 'ease', comparison: '>=', value: 2.5 }],
  ['prop:lapses=3', { type: 'prop', property: 'lapses', comparison: '=', value: 3 }],
  ['prop:due!=-1', { type: 'prop', property: 'due', comparison: '!=', value: -1 }],
  ['prop:pos<=100', { type: 'prop', property: 'pos', comparison: '<=', value: 100 }],
  ['prop:r<0.9', { type: 'prop', property: 'r', comparison: '<', value: 0.9 }],
  ['prop:s>10', { type: 'prop', property: 's', comparison: '>', value: 10 }],
  ['prop:d>0.5', { type: 'prop', property: 'd', comparison: '>', value: 0.5 }],
  ['prop:cdn:abc<=1', NONE],
  ['prop:cds:abc=foo', NONE],
  ['"prop:cds:abc=foo bar"', NONE],
  ['prop:cdn:r=1', NONE],
  ['prop:cds:r=s', NONE],
  ["prop:cds:foo=bar'baz", NONE],
  [`"prop:cds:key=x';DROP TABLE cards;--"`, NONE],
  ['has-cd:r', NONE],
  ['rated:2', rated('>', -2, null)],
  ['rated:400:1', rated('>', -400, 1)],
  ['rated:0', rated('>', -1, null)],
  ['rated:1', rated('>', -1, null)],
  ['rated:5:3', rated('>', -5, 3)],
  ['prop:rated>-5:3', rated('>', -5, 3)],
  ['prop:rated=0', rated('=', 0, null)],
  ['resched:400', rated('>', -400, 0)],
  ['prop:resched<=-2', rated('<=', -2, 0)],
  ['te*st', text('te*st')],
  ['te%st', text('te%st')],
  ['te\\*s\\_t', text('te\\*s\\_t')],
  ['front:te*st', field('front', 'te*st')],
  ['front:re:te.*st', field('front', 'te.*st', 'regex')],
  ['front:nc:frânçais', field('front', 'frânçais', 'nc')],
  ['front:', field('front', '')],
  ['"back:*verb*"', field('back', '*verb*')],
  ['*:te*st', field('*', 'te*st')],
  ['*:re:te.*st', field('*', 'te.*st', 'regex')],
  ['dupe:123,test', { type: 'dupe', noteTypeId: 123, text: 'test' }],
  ['re:\\bone', { type: 'regex', pattern: '\\yone' }],
  ['w:foo', { type: 'regex', pattern: '\\yfoo\\y' }],
  ['w:*foo', { type: 'regex', pattern: '\\y.*foo\\y' }],
  ['w:*fo_o*', { type: 'regex', pattern: '\\y.*fo.o.*\\y' }],
  ['nc:francais', text('francais', 'nc')],
  ['sc:abcdef', text('abcdef', 'sc')],
  ['preset:typo', { type: 'preset', name: 'typo' }],
  ['DECK:x', { type: 'deck', name: 'x' }],
  ['"time: 10:30"', field('time', ' 10:30')],
]

/* searches Anki's tests hold to be the same as each other */
const SAME: [string, string][] = [
  ['"field:va\\"lue"', 'field:"va\\"lue"'],
  ['"\\)\\("', '")("'],
  ['field:val:ue', 'field:val\\:ue'],
  ['"field:val:ue"', 'field:val\\:ue'],
  ['-', '\\-'],
  ['A-', 'A\\-'],
  ['"-A"', '\\-A'],
  ['a"b"(c)', 'a b (c)'],
  ['added:0', 'added:1'],
  ['introduced:0', 'introduced:1'],
  ['rated:0', 'rated:1'],
  ['prop:rated>-5:3', 'rated:5:3'],
]

test.group('Card search: the parser (Anki’s test searches)', () => {
  test('accepted: {$self}')
    .with(VALID.map(([query]) => query))
    .run(({ assert }, query) => {
      const [, tree] = VALID.find(([candidate]) => candidate === query)!
      assert.deepEqual(parseSearch(query), tree)
    })

  test('the same search: {$self}')
    .with(SAME.map((pair) => pair.join(' ≡ ')))
    .run(({ assert }, pair) => {
      const [left, right] = pair.split(' ≡ ')
      assert.deepEqual(parseSearch(left), parseSearch(right))
    })

  test('"-A" is not "\\-A"', ({ assert }) => {
    assert.notDeepEqual(parseSearch('-A'), parseSearch('\\-A'))
  })

  test('refused: {$self}')
    .with(MALFORMED.map(([query]) => query))
    .run(({ assert }, query) => {
      const [, position, expected] = MALFORMED.find(([candidate]) => candidate === query)!
      try {
        parseSearch(query)
        assert.fail(`${query} parsed`)
      } catch (error) {
        assert.instanceOf(error, SearchSyntaxError)
        const { position: at, expected: what } = error as SearchSyntaxError
        assert.deepEqual({ position: at, expected: what }, { position, expected })
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
