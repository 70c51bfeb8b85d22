import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { addDays, studyDay, studyDayBounds } from '#scheduling/study_day'
import { basicNote, createDeck, signIn, type Session } from '#tests/support/content'
import { share } from '../participants/support.js'

/*
 * The card search language against real PostgreSQL data: GET notes/cards and
 * GET notes with `search`. Notes go through the API; what the API cannot set
 * (tags, learning progress, reviews, a card's age) is written directly.
 */

const HOUR = 3_600_000
const dayStart = (offset: number) =>
  studyDayBounds(addDays(studyDay(new Date(), 0), offset), 0).start

async function cardOf(noteId: number) {
  return (await db.from('cards').where('note_id', noteId).first()) as {
    id: number
    deck_id: number
  }
}

async function progress(noteId: number, userId: number, row: Record<string, unknown>) {
  const card = await cardOf(noteId)
  await db.table('card_progress').insert({
    user_id: userId,
    card_id: card.id,
    deck_id: card.deck_id,
    created_at: new Date(),
    updated_at: new Date(),
    ...row,
  })
}

async function review(noteId: number, userId: number, daysAgo: number, rating: number) {
  const card = await cardOf(noteId)
  const at = new Date(dayStart(-daysAgo).getTime() + HOUR)
  await db.table('review_logs').insert({
    user_id: userId,
    card_id: card.id,
    deck_id: card.deck_id,
    answer: rating === 1 ? 'again' : 'good',
    rating,
    kind: 'review',
    state_before: 'review',
    reviewed_at: at,
    study_day: studyDay(at, 0),
  })
}

/** Learner A's decks and six notes in every state the operators tell apart; B and C are other learners. */
async function world(client: ApiClient) {
  const a = await signIn()
  const spanish = await createDeck(client, a.token, { name: 'Spanish' })
  const irregular = await createDeck(client, a.token, { name: 'Irregular', parent_id: spanish.id })
  const french = await createDeck(client, a.token, { name: 'French' })
  const spanishVerbs = await createDeck(client, a.token, { name: 'Spanish verbs' })
  const notes = {
    hablar: await basicNote(client, a.token, spanish.id, 'hablar', 'to speak'),
    ser: await basicNote(client, a.token, irregular.id, 'ser', 'to be'),
    casa: await basicNote(client, a.token, spanish.id, 'casa', 'house'),
    maison: await basicNote(client, a.token, french.id, 'maison', 'house'),
    chat: await basicNote(client, a.token, french.id, 'le chat noir', 'the black cat'),
    comer: await basicNote(client, a.token, spanishVerbs.id, 'comer', 'to eat'),
  }
  const id = a.user.id
  for (const [name, tags] of [
    ['hablar', ['verbs']],
    ['ser', ['Verbs::irregular']],
    ['maison', ['nouns']],
    ['chat', ['nouns']],
  ] as const) {
    await db
      .from('notes')
      .where('id', notes[name].id)
      .update({ tags: JSON.stringify(tags) })
  }
  await progress(notes.hablar.id, id, {
    state: 'review',
    due_at: new Date(dayStart(1).getTime() + 2 * HOUR),
    interval_days: 20,
    ease_permille: 2500,
    reps: 5,
    lapses: 2,
  })
  await progress(notes.ser.id, id, {
    state: 'learning',
    due_at: new Date(dayStart(0).getTime() + 60_000),
    interval_days: 0,
    reps: 1,
  })
  await progress(notes.maison.id, id, {
    state: 'review',
    due_at: new Date(dayStart(-3).getTime() + 2 * HOUR),
    interval_days: 5,
    ease_permille: 2300,
    reps: 3,
  })
  await progress(notes.comer.id, id, { state: 'new', frozen: true })
  await db
    .table('card_suspensions')
    .insert({ user_id: id, card_id: (await cardOf(notes.chat.id)).id, created_at: new Date() })
  await db
    .from('cards')
    .where('note_id', notes.comer.id)
    .update({ created_at: new Date(Date.now() - 40 * 24 * HOUR) })
  await review(notes.maison.id, id, 0, 1)
  await review(notes.hablar.id, id, 5, 3)

  /* B has a deck of the same name and a note with the same word; C is a viewer of A's French deck */
  const b = await signIn()
  const bSpanish = await createDeck(client, b.token, { name: 'Spanish' })
  await basicNote(client, b.token, bSpanish.id, 'hablar en secreto', 'x')
  const c = await signIn()
  await share(french, c.user, 'viewer')
  return { a, b, c, notes, decks: { spanish, irregular, french, spanishVerbs } }
}

type World = Awaited<ReturnType<typeof world>>
type Name = keyof World['notes']

async function found(
  client: ApiClient,
  session: Session,
  w: World,
  search: string,
  deckId?: number
) {
  const response = await client
    .get('/api/notes/cards')
    .bearerToken(session.token)
    .qs({ search, ...(deckId ? { deck_id: deckId } : {}) })
  if (response.status() !== 200)
    throw new Error(`GET notes/cards?search=${search}: ${response.status()} ${response.text()}`)
  const byId = new Map(Object.entries(w.notes).map(([name, note]) => [note.id as number, name]))
  return response
    .body()
    .cards.map((card: { noteId: number }) => byId.get(card.noteId) ?? `other:${card.noteId}`)
    .sort()
}

const ALL: Name[] = ['casa', 'chat', 'comer', 'hablar', 'maison', 'ser']

/* each operator, combinations, or, parentheses and negation: the query and the notes whose cards it must find */
const CASES: [string, Name[]][] = [
  ['', ALL],
  ['hablar', ['hablar']],
  ['HABLAR', ['hablar']],
  ['"chat noir"', ['chat']],
  ['"noir chat"', []],
  ['noir chat', ['chat']],
  ['ha*ar', ['hablar']],
  ['deck:Spanish', ['casa', 'hablar', 'ser']],
  ['deck:spanish*', ['casa', 'comer', 'hablar', 'ser']],
  ['deck:"Spanish verbs"', ['comer']],
  ['"deck:Spanish verbs"', ['comer']],
  /* Anki's deck names are full paths: a subdeck by its own name alone is a top-level deck */
  ['deck:Irregular', []],
  ['deck:Spanish::Irregular', ['ser']],
  ['deck:*::irregular', ['ser']],
  ['tag:verbs', ['hablar', 'ser']],
  ['tag:noun*', ['chat', 'maison']],
  ['tag:none', ['casa', 'comer']],
  ['is:new', ['casa', 'chat', 'comer']],
  ['is:learn', ['ser']],
  ['is:review', ['hablar', 'maison']],
  ['is:due', ['maison', 'ser']],
  ['is:frozen', ['comer']],
  ['is:suspended', ['chat']],
  ['prop:ivl>10', ['hablar']],
  ['prop:ivl>=5', ['hablar', 'maison']],
  ['prop:lapses>=2', ['hablar']],
  ['prop:reps=3', ['maison']],
  ['prop:ease<2.4 is:review', ['maison']],
  ['prop:due=1', ['hablar']],
  ['prop:due=0', ['ser']],
  ['prop:due=-3', ['maison']],
  ['prop:due<0', ['maison']],
  ['prop:due>=0', ['hablar', 'ser']],
  ['prop:due!=1', ['maison', 'ser']],
  ['rated:1', ['maison']],
  ['rated:7', ['hablar', 'maison']],
  ['rated:7:3', ['hablar']],
  ['rated:7:1', ['maison']],
  ['rated:5', ['maison']],
  ['rated:6', ['hablar', 'maison']],
  ['added:30', ['casa', 'chat', 'hablar', 'maison', 'ser']],
  ['-added:30', ['comer']],
  ['-deck:Spanish*', ['chat', 'maison']],
  ['deck:French or tag:verbs', ['chat', 'hablar', 'maison', 'ser']],
  ['(deck:French or tag:verbs) -is:new', ['hablar', 'maison', 'ser']],
  ['-(is:new or is:learn)', ['hablar', 'maison']],
  ['deck:Spanish tag:verbs prop:due=1', ['hablar']],
  ['-is:suspended -is:frozen is:new', ['casa']],
  ['house', ['casa', 'maison']],
  ['house and deck:French', ['maison']],
  ['house or eat or speak', ['casa', 'comer', 'hablar', 'maison']],
]

test.group('Card search: the language against real data (GET notes/cards, GET notes)', (group) => {
  group.each.setup(() => resetState())

  test('each operator, combinations, or, parentheses and negation find exactly their cards', async ({
    client,
    assert,
  }) => {
    const w = await world(client)
    for (const [search, expected] of CASES) {
      assert.deepEqual(await found(client, w.a, w, search), expected, search)
    }
  }).timeout(60_000)

  test("another learner's cards are never found, and their deck id is a 404", async ({
    client,
    assert,
  }) => {
    const w = await world(client)
    assert.deepEqual(await found(client, w.b, w, 'hablar'), [
      'other:' + (await db.from('notes').where('user_id', w.b.user.id).first()).id,
    ])
    assert.deepEqual(await found(client, w.b, w, 'deck:French or maison or tag:verbs'), [])
    const foreign = await client
      .get('/api/notes/cards')
      .bearerToken(w.b.token)
      .qs({ search: 'maison', deck_id: w.decks.french.id })
    foreign.assertStatus(404)
    const notes = await client
      .get('/api/notes')
      .bearerToken(w.b.token)
      .qs({ search: 'maison', deck_id: w.decks.french.id })
    notes.assertStatus(404)
  }).timeout(30_000)

  test("a viewer of a shared deck finds its cards (with their own progress), and nothing else of the owner's", async ({
    client,
    assert,
  }) => {
    const w = await world(client)
    assert.deepEqual(await found(client, w.c, w, ''), ['chat', 'maison'])
    assert.deepEqual(await found(client, w.c, w, 'house'), ['maison'])
    /* the owner's review and suspension are the owner's: for the viewer both cards are new and in study */
    assert.deepEqual(await found(client, w.c, w, 'is:new -is:suspended'), ['chat', 'maison'])
    assert.deepEqual(await found(client, w.c, w, 'rated:7'), [])
    assert.deepEqual(await found(client, w.c, w, 'deck:French tag:nouns', w.decks.french.id), [
      'chat',
      'maison',
    ])
  }).timeout(30_000)

  test('deck_id keeps the search to that deck and its subdecks', async ({ client, assert }) => {
    const w = await world(client)
    assert.deepEqual(await found(client, w.a, w, 'tag:verbs', w.decks.spanish.id), [
      'hablar',
      'ser',
    ])
    assert.deepEqual(await found(client, w.a, w, 'tag:verbs', w.decks.french.id), [])
    assert.deepEqual(await found(client, w.a, w, '', w.decks.irregular.id), ['ser'])
  }).timeout(30_000)

  test('GET notes takes the same search: the notes with a card it finds, paged, in every deck or one', async ({
    client,
    assert,
  }) => {
    const w = await world(client)
    const all = await client
      .get('/api/notes')
      .bearerToken(w.a.token)
      .qs({ search: 'deck:Spanish* -is:frozen', sort_by: 'alphabetical', order: 'ASC', limit: 2 })
    all.assertStatus(200)
    assert.equal(all.body().total, 3)
    assert.deepEqual(
      all.body().notes.map((note: any) => note.id),
      [w.notes.casa.id, w.notes.hablar.id]
    )
    const next = await client.get('/api/notes').bearerToken(w.a.token).qs({
      search: 'deck:Spanish* -is:frozen',
      sort_by: 'alphabetical',
      order: 'ASC',
      limit: 2,
      offset: 2,
    })
    assert.deepEqual(
      next.body().notes.map((note: any) => note.id),
      [w.notes.ser.id]
    )
    const one = await client
      .get('/api/notes')
      .bearerToken(w.a.token)
      .qs({ search: 'house', deck_id: w.decks.french.id })
    assert.deepEqual(
      one.body().notes.map((note: any) => note.id),
      [w.notes.maison.id]
    )
    /* the plain `query` of the spec still works beside it */
    const both = await client
      .get('/api/notes')
      .bearerToken(w.a.token)
      .qs({ search: 'house', query: 'mai' })
    assert.deepEqual(
      both.body().notes.map((note: any) => note.id),
      [w.notes.maison.id]
    )
  }).timeout(30_000)

  test('a malformed search is a 422 saying where and what was expected, on both calls', async ({
    client,
    assert,
  }) => {
    const a = await signIn()
    for (const path of ['/api/notes', '/api/notes/cards']) {
      const response = await client
        .get(path)
        .bearerToken(a.token)
        .qs({ search: 'deck:Spanish (is:new or' })
      response.assertStatus(422)
      assert.equal(response.body().code, 'E_INVALID_SEARCH')
      assert.equal(response.body().position, 23)
      assert.equal(response.body().expected, 'term')
      assert.equal(response.body().errors[0].field, 'search')
      assert.include(response.body().title, 'character 24')
      assert.include(response.body().body, 'search term')
      const german = await client
        .get(path)
        .bearerToken(a.token)
        .header('Accept-Language', 'de')
        .qs({ search: 'is:old' })
      assert.equal(german.body().expected, 'state')
      assert.include(german.body().body, 'suspended')
      assert.include(german.body().title, 'Zeichen 4')
    }
    /* without search, deck_id stays required as the spec has it */
    const missing = await client.get('/api/notes').bearerToken(a.token)
    missing.assertStatus(422)
    assert.equal(missing.body().errors[0].field, 'deck_id')
  })
})
