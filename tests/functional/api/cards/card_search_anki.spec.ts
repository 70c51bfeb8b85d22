import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { addDays, studyDay, studyDayBounds } from '#scheduling/study_day'
import { basicNote, createDeck, createNote, signIn, templateIds } from '#tests/support/content'

/*
 * The searches of Anki's own parser and SQL-writer tests (ankitects/anki,
 * rslib/src/search/parser.rs and sqlwriter.rs), and the ones issue 32 names,
 * run through GET /api/notes/cards over one learner's cards: each must find
 * the cards Anki finds on the same cards (decks Default, Default::Child,
 * Other::Default and "default one"; notes of the Basic and Cloze types; cards
 * in every state Anki tells apart). What the API cannot set (progress,
 * reviews, flags, burials, tags, ages) is written directly.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
const dayStart = (offset: number) =>
  studyDayBounds(addDays(studyDay(new Date(), 0), offset), 0).start

type Name = 'test' | 'texst' | 'pct' | 'lit' | 'fr' | 'dog' | 'cloze' | 'rev' | 'rev2'
const ALL: Name[] = ['cloze', 'dog', 'fr', 'lit', 'pct', 'rev', 'rev2', 'test', 'texst']
const but = (...left: Name[]) => ALL.filter((name) => !left.includes(name))

async function world(client: ApiClient) {
  const a = await signIn()
  const userId = a.user.id
  const deck = async (name: string, parent?: number) =>
    (await createDeck(client, a.token, { name, ...(parent ? { parent_id: parent } : {}) }))
      .id as number
  const main = await deck('Default')
  const child = await deck('Child', main)
  const other = await deck('Other')
  const otherDefault = await deck('Default', other)
  const defaultOne = await deck('default one')
  const types = await templateIds(client, a.token)
  const notes = {
    test: await basicNote(client, a.token, main, 'test', 'one two'),
    texst: await basicNote(client, a.token, child, 'teXst', '<b>dog</b>'),
    pct: await basicNote(client, a.token, otherDefault, 'te%st', 'verb list'),
    lit: await basicNote(client, a.token, defaultOne, 'te*s_t', 'the verbs'),
    fr: await basicNote(client, a.token, main, 'français', ''),
    dog: await basicNote(client, a.token, main, 'dog', 'a verb'),
    cloze: await createNote(client, a.token, {
      deck_id: main,
      template_id: types.cloze,
      fields: { 'Text': '{{c1::abc}}def', 'Back Extra': '' },
    }),
    rev: await basicNote(client, a.token, main, 'foo bar', 'baz one', { reverse: true }),
  }
  const cards = new Map<number, Name>()
  const cardOf: Partial<Record<Name, { id: number; deck_id: number }>> = {}
  for (const [name, note] of Object.entries(notes)) {
    for (const card of await db.from('cards').where('note_id', note.id).orderBy('ord')) {
      const key = (card.ord >= 100 ? 'rev2' : name) as Name
      cards.set(card.id, key)
      cardOf[key] = card
    }
  }
  const card = (name: Name) => cardOf[name]!
  const tags: [keyof typeof notes, string[]][] = [
    ['test', ['one']],
    ['texst', ['foo::bar::baz']],
    ['pct', ['onetwo']],
    ['fr', ['oan*et%w%othzre_e']],
    ['dog', ['two']],
  ]
  for (const [name, list] of tags)
    await db
      .from('notes')
      .where('id', notes[name].id)
      .update({ tags: JSON.stringify(list) })
  const old = new Date(Date.now() - 40 * DAY)
  await db.from('cards').where('note_id', notes.cloze.id).update({ created_at: old })
  await db.from('notes').where('id', notes.cloze.id).update({ created_at: old, updated_at: old })

  const progress = (name: Name, row: Record<string, unknown>) =>
    db.table('card_progress').insert({
      user_id: userId,
      card_id: card(name).id,
      deck_id: card(name).deck_id,
      created_at: new Date(),
      updated_at: new Date(),
      ...row,
    })
  const dueYesterday = new Date(dayStart(-1).getTime() + 2 * HOUR)
  await progress('test', {
    state: 'review',
    due_at: new Date(dayStart(1).getTime() + 2 * HOUR),
    interval_days: 10,
    ease_permille: 2500,
    lapses: 3,
    reps: 8,
  })
  await progress('texst', {
    state: 'relearning',
    /*
     * due an hour ago, but within today: Anki counts an intraday card's prop:due in whole days back from the
     * next day's start (truncated), so a card due an hour ago reads -1 in the day's first hour (a run at 04:06
     * failed on prop:due!=-1)
     */
    due_at: new Date(Math.max(Date.now() - HOUR, dayStart(0).getTime() + 1000)),
    interval_days: 3,
    ease_permille: 2300,
    lapses: 1,
    reps: 5,
    stability: 10,
    difficulty: 7,
    last_reviewed_at: new Date(Date.now() - 10 * DAY),
  })
  await progress('pct', {
    state: 'review',
    due_at: dueYesterday,
    interval_days: 4,
    ease_permille: 2500,
  })
  await progress('lit', {
    state: 'review',
    due_at: dueYesterday,
    interval_days: 4,
    ease_permille: 2500,
    frozen: true,
  })
  await progress('fr', { state: 'learning', due_at: new Date(Date.now() + 5 * 60_000), reps: 1 })
  await progress('dog', {
    state: 'review',
    due_at: dueYesterday,
    interval_days: 4,
    ease_permille: 2600,
  })
  await progress('rev2', {
    state: 'review',
    due_at: dueYesterday,
    interval_days: 2,
    ease_permille: 2400,
  })
  await db
    .table('card_suspensions')
    .insert({ user_id: userId, card_id: card('pct').id, created_at: new Date() })
  await db
    .table('card_burials')
    .insert({ user_id: userId, card_id: card('dog').id, until: dayStart(1), manual: true })
  for (const [name, flag] of [
    ['test', 2],
    ['texst', 7],
  ] as const)
    await db
      .table('card_flags')
      .insert({ user_id: userId, card_id: card(name).id, flag, updated_at: new Date() })
  const review = (name: Name, daysAgo: number, rating: number) => {
    const at = new Date(dayStart(-daysAgo).getTime() + HOUR)
    return db.table('review_logs').insert({
      user_id: userId,
      card_id: card(name).id,
      deck_id: card(name).deck_id,
      answer: rating === 1 ? 'again' : 'good',
      rating,
      kind: 'review',
      state_before: 'review',
      reviewed_at: at,
      study_day: studyDay(at, 0),
    })
  }
  await review('test', 1, 3)
  await review('test', 6, 3)
  await review('texst', 0, 1)
  await review('rev2', 10, 3)
  return { a, cards, notes, card, types }
}

type World = Awaited<ReturnType<typeof world>>

async function found(client: ApiClient, w: World, search: string) {
  const response = await client
    .get('/api/notes/cards')
    .bearerToken(w.a.token)
    .qs({ search, limit: 100 })
  if (response.status() !== 200)
    throw new Error(`GET notes/cards?search=${search}: ${response.status()} ${response.text()}`)
  return response
    .body()
    .cards.map((card: { id: number }) => w.cards.get(card.id) ?? `other:${card.id}`)
    .sort()
}

/* the search and the cards Anki finds on the same collection */
const CASES: [string, Name[]][] = [
  ['', ALL],
  ['te*st', ['pct', 'test', 'texst']],
  ['te%st', ['pct']],
  ['te\\*s\\_t', ['lit']],
  ['front:te*st', ['pct', 'test', 'texst']],
  ['front:re:te.*st', ['pct', 'test', 'texst']],
  ['front:nc:frânçais', ['fr']],
  ['*:te*st', ['pct', 'test', 'texst']],
  ['*:re:te.*st', ['pct', 'test', 'texst']],
  ['added:3', but('cloze')],
  ['added:0', but('cloze')],
  ['added:100', ALL],
  ['edited:1', but('cloze')],
  ['introduced:3', ['texst']],
  ['introduced:0', ['texst']],
  ['deck:default', ['cloze', 'dog', 'fr', 'rev', 'rev2', 'test', 'texst']],
  ['deck:d*', but('pct')],
  ['deck:"default one"', ['lit']],
  ['deck:Default::Child', ['texst']],
  ['deck:Child', []],
  ['deck:*::default', ['pct']],
  ['deck:def_ult', ['cloze', 'dog', 'fr', 'rev', 'rev2', 'test', 'texst']],
  ['deck:*', ALL],
  ['deck:filtered', []],
  ['deck:current', []],
  ['"card:card 1"', ['dog', 'fr', 'lit', 'pct', 'rev', 'test', 'texst']],
  ['card:1', but('rev2')],
  ['card:0', but('rev2')],
  ['card:2', ['rev2']],
  ['card:3', []],
  ['card:cloze', ['cloze']],
  ['card:front', []],
  ['flag:2', ['test']],
  ['flag:7', ['texst']],
  ['flag:0', but('test', 'texst')],
  ['dupe:123,test', []],
  ['tag:one', ['test']],
  ['tag:foo::bar', ['texst']],
  ['tag:foo', ['texst']],
  ['tag:bar', []],
  ['tag:o*n\\*et%w%oth_re\\_e', ['fr']],
  ['tag:none', ['cloze', 'lit', 'rev', 'rev2']],
  ['tag:*', ALL],
  ['tag:nc:none', ['cloze', 'lit', 'rev', 'rev2']],
  ['tag:None', []],
  ['tag:re:.ne|tw.', ['dog', 'pct', 'test']],
  ['tag:nc:öne', ['test']],
  ['is:suspended', ['pct']],
  ['is:new', ['cloze', 'rev']],
  ['is:learn', ['fr', 'texst']],
  ['is:review', ['dog', 'lit', 'pct', 'rev2', 'test', 'texst']],
  ['is:due', ['fr', 'rev2', 'texst']],
  ['is:buried', ['dog']],
  ['is:buried-manually', ['dog']],
  ['is:buried-sibling', []],
  ['rated:2', ['test', 'texst']],
  ['rated:400:1', ['texst']],
  ['rated:0', ['texst']],
  ['rated:1', ['texst']],
  ['rated:30:3', ['rev2', 'test']],
  ['resched:400', []],
  ['prop:lapses=3', ['test']],
  ['prop:ease>=2.5', ['dog', 'lit', 'pct', 'test']],
  ['prop:due!=-1', ['fr', 'test', 'texst']],
  ['prop:due=-1', ['rev2']],
  ['prop:due<=0', ['fr', 'rev2', 'texst']],
  ['prop:rated>-5:3', ['test']],
  ['rated:5:3', ['test']],
  ['prop:ivl>3', ['dog', 'lit', 'pct', 'test']],
  ['prop:pos>0', ['cloze', 'rev']],
  ['prop:r<0.95', ['texst']],
  ['prop:s>5', ['texst']],
  ['prop:d>0.5', ['texst']],
  ['prop:cdn:r=1', []],
  ['prop:cds:r=s', []],
  ["prop:cds:foo=bar'baz", []],
  [`"prop:cds:key=x';DROP TABLE cards;--"`, []],
  ['has-cd:r', []],
  ['note:basic', but('cloze')],
  ['note:basic*', but('cloze')],
  ['note:cloze', ['cloze']],
  ['re:\\bone', ['rev', 'rev2', 'test']],
  ['w:foo', ['rev', 'rev2']],
  ['w:*foo', ['rev', 'rev2']],
  ['w:*fo_o*', []],
  ['w:verb', ['dog', 'pct']],
  ['preset:typo', []],
  ['sc:abcdef', ['cloze']],
  ['nc:francais', ['fr']],
  ['francais', []],
  ['front:dog', ['dog']],
  ['FRONT:dog', ['dog']],
  ['front:do', []],
  ['"back:*verb*"', ['dog', 'lit', 'pct']],
  ['b*:*verb*', ['dog', 'lit', 'pct']],
  ['back:', ['fr']],
  ['front:', []],
  ['d_g', ['dog', 'texst']],
  ['b>dog', ['texst']],
  ['-tag:none deck:default -is:new', ['dog', 'fr', 'test', 'texst']],
  ['(flag:2 or flag:7) -is:learn', ['test']],
]

test.group('Card search: Anki’s searches find what Anki finds (GET notes/cards)', (group) => {
  group.each.setup(() => resetState())

  test('every search of Anki’s tests, and issue 32’s, over one collection', async ({
    client,
    assert,
  }) => {
    const w = await world(client)
    for (const [search, expected] of CASES)
      assert.deepEqual(await found(client, w, search), expected, search)
  }).timeout(120_000)

  test('ids: nid:, cid:, did:, mid: and dupe: with this collection’s ids', async ({
    client,
    assert,
  }) => {
    const w = await world(client)
    const { test: first, dog } = w.notes
    assert.deepEqual(await found(client, w, `nid:${first.id}`), ['test'])
    assert.deepEqual(await found(client, w, `nid:${first.id},${dog.id}`), ['dog', 'test'])
    assert.deepEqual(await found(client, w, `cid:${w.card('rev2').id},${w.card('fr').id}`), [
      'fr',
      'rev2',
    ])
    assert.deepEqual(await found(client, w, `did:${w.card('texst').deck_id}`), ['texst'])
    assert.deepEqual(await found(client, w, `mid:${w.types.cloze}`), ['cloze'])
    assert.deepEqual(await found(client, w, `dupe:${w.types.basic},test`), ['test'])
    assert.deepEqual(await found(client, w, 'nid:99999999999'), [])
  }).timeout(60_000)
})
