import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, makeUser, resetState } from '#tests/support/helpers'
import { publishDeck, seedCategories } from '#tests/support/library'
import { searchStatement } from '#queries/library/search_decks'
import { signIn } from '#tests/support/content'

async function library() {
  await seedCategories()
  const author = await makeUser({ name: 'Author' })
  const spanish = await publishDeck(author, {
    name: 'Spanish verbs',
    description: 'The 100 most common verbs',
    notes: ['hablar', 'comer'],
  })
  const french = await publishDeck(author, {
    name: 'French cooking words',
    description: 'Kitchen vocabulary',
    notes: [{ front: 'la casserole', back: 'saucepan' }],
  })
  const anatomy = await publishDeck(author, {
    name: 'Anatomy of the heart',
    description: 'Chambers, valves and vessels',
    notes: [{ front: 'Mitral valve', back: 'between left atrium and ventricle' }],
  })
  const hidden = await publishDeck(author, { name: 'Spanish verbs pending', state: 'pending' })
  const gone = await publishDeck(author, { name: 'Spanish verbs withdrawn', state: 'unpublished' })
  return { author, spanish, french, anatomy, hidden, gone }
}

const names = (body: any) => body.decks.map((deck: any) => deck.name)

test.group('API library search', (group) => {
  group.each.setup(() => resetState())

  test('finds decks by name, description and note text; pending and unpublished decks never show', async ({
    client,
    assert,
  }) => {
    await library()
    const byName = await client.get('/api/library/search').qs({ query: 'spanish verbs' })
    byName.assertStatus(200)
    assert.deepEqual(names(byName.body()), ['Spanish verbs'])
    assert.equal(byName.body().total, 1)
    assert.deepEqual(
      names((await client.get('/api/library/search').qs({ query: 'kitchen' })).body()),
      ['French cooking words']
    )
    assert.deepEqual(
      names((await client.get('/api/library/search').qs({ query: 'saucepan' })).body()),
      ['French cooking words']
    )
    assert.deepEqual(
      names((await client.get('/api/library/search').qs({ query: 'mitral valve' })).body()),
      ['Anatomy of the heart']
    )
  })

  test('misspellings find the deck (pg_trgm)', async ({ client, assert }) => {
    await library()
    for (const query of [
      'spansh verbs',
      'spanich verbs',
      'spanish verb',
      'anatomy of the hart',
      'frnch cooking',
    ]) {
      const response = await client.get('/api/library/search').qs({ query })
      response.assertStatus(200)
      assert.isAbove(response.body().decks.length, 0, query)
    }
    assert.equal(
      (await client.get('/api/library/search').qs({ query: 'spansh verbs' })).body().decks[0].name,
      'Spanish verbs'
    )
    assert.equal(
      (await client.get('/api/library/search').qs({ query: 'anatomy of the hart' })).body().decks[0]
        .name,
      'Anatomy of the heart'
    )
  })

  test('ranking: a match in the name comes before a match in the notes', async ({
    client,
    assert,
  }) => {
    const author = await makeUser()
    await publishDeck(author, {
      name: 'Irregular forms',
      notes: [{ front: 'photosynthesis', back: 'light to sugar' }],
    })
    await publishDeck(author, { name: 'Photosynthesis', notes: ['leaf'] })
    await publishDeck(author, {
      name: 'Plant biology',
      description: 'Photosynthesis and respiration',
      notes: ['root'],
    })
    const response = await client.get('/api/library/search').qs({ query: 'photosynthesis' })
    assert.deepEqual(names(response.body()), ['Photosynthesis', 'Plant biology', 'Irregular forms'])
  })

  test('the query is trimmed; an empty one is a 422; limit and offset page the results', async ({
    client,
    assert,
  }) => {
    await library()
    const trimmed = await client.get('/api/library/search').qs({ query: '   Spanish verbs  ' })
    trimmed.assertStatus(200)
    assert.equal(trimmed.body().query, 'Spanish verbs')
    for (const query of ['', '    ']) {
      const empty = await client.get('/api/library/search').qs({ query })
      empty.assertStatus(422)
      assertErrorBody(assert, empty.body(), 'E_VALIDATION_ERROR')
    }
    ;(await client.get('/api/library/search')).assertStatus(422)
    ;(await client.get('/api/library/search').qs({ query: 'x'.repeat(201) })).assertStatus(422)
    ;(await client.get('/api/library/search').qs({ query: 'verbs', limit: 0 })).assertStatus(422)
    const second = await client.get('/api/library/search').qs({ query: 'a', limit: 1, offset: 1 })
    second.assertStatus(200)
    assert.isAtMost(second.body().decks.length, 1)
  })

  test('searches are recorded trimmed and lower-cased, with who searched; popular searches come from them', async ({
    client,
    assert,
  }) => {
    await library()
    const { user, token } = await signIn()
    await client.get('/api/library/search').qs({ query: '  Spanish Verbs ' }).bearerToken(token)
    await client.get('/api/library/search').qs({ query: 'spanish verbs' })
    await client.get('/api/library/search').qs({ query: 'kitchen' })
    await client.get('/api/library/search').qs({ query: 'qqqqzzzz' })
    const rows = await db
      .from('library_searches')
      .orderBy('id')
      .select('query', 'user_id', 'results_count')
    assert.deepEqual(rows, [
      { query: 'spanish verbs', user_id: user.id, results_count: 1 },
      { query: 'spanish verbs', user_id: null, results_count: 1 },
      { query: 'kitchen', user_id: null, results_count: 1 },
      { query: 'qqqqzzzz', user_id: null, results_count: 0 },
    ])
    const popular = await client.get('/api/library/search/popular')
    popular.assertStatus(200)
    /* one learner's searches (and visitors', who cannot be told apart) are nobody's popular search */
    assert.deepEqual(popular.body().searches, [])

    /* three learners: a search they all made is shown, with how many made it; one that found nothing is not */
    for (const session of [await signIn(), await signIn()]) {
      await client
        .get('/api/library/search')
        .qs({ query: 'Spanish verbs' })
        .bearerToken(session.token)
      await client.get('/api/library/search').qs({ query: 'kitchen' }).bearerToken(session.token)
      await client.get('/api/library/search').qs({ query: 'qqqqzzzz' }).bearerToken(session.token)
    }
    await client.get('/api/library/search').qs({ query: 'kitchen' }).bearerToken(token)
    await client.get('/api/library/search').qs({ query: 'qqqqzzzz' }).bearerToken(token)
    assert.deepEqual((await client.get('/api/library/search/popular')).body().searches, [
      { query: 'kitchen', count: 3 },
      { query: 'spanish verbs', count: 3 },
    ])
    /* searches older than 30 days are forgotten */
    await db
      .from('library_searches')
      .where('query', 'kitchen')
      .update({ created_at: new Date(Date.now() - 31 * 86_400_000) })
    assert.deepEqual((await client.get('/api/library/search/popular')).body().searches, [
      { query: 'spanish verbs', count: 3 },
    ])
  })

  test('alphabetical_search lists published decks A to Z, by name prefix', async ({
    client,
    assert,
  }) => {
    await library()
    const all = await client.get('/api/library_decks/alphabetical_search')
    all.assertStatus(200)
    assert.deepEqual(names(all.body()), [
      'Anatomy of the heart',
      'French cooking words',
      'Spanish verbs',
    ])
    assert.equal(all.body().total, 3)
    const prefixed = await client
      .get('/api/library_decks/alphabetical_search')
      .qs({ query: ' fr ', limit: 10, offset: 0 })
    assert.deepEqual(names(prefixed.body()), ['French cooking words'])
    const paged = await client
      .get('/api/library_decks/alphabetical_search')
      .qs({ limit: 1, offset: 1 })
    assert.deepEqual(names(paged.body()), ['French cooking words'])
    assert.equal(paged.body().total, 3)
    /* LIKE wildcards are letters like any other */
    assert.deepEqual(
      names((await client.get('/api/library_decks/alphabetical_search').qs({ query: '%' })).body()),
      []
    )
    ;(
      await client.get('/api/library_decks/alphabetical_search').qs({ limit: 'many' })
    ).assertStatus(422)
  })

  test('the search uses the full-text index (EXPLAIN, 3,000 published decks)', async ({
    assert,
  }) => {
    const author = await makeUser()
    await db.rawQuery(
      `INSERT INTO decks (user_id, name, position, created_at, updated_at) SELECT ?, 'Deck ' || i, i, now(), ` +
        `now() FROM generate_series(1, 3000) i`,
      [author.id]
    )
    await db.rawQuery(
      `INSERT INTO public_decks (deck_id, user_id, slug, name, description, status, current_revision_id,
        created_at, updated_at)
       SELECT d.id, d.user_id, 'deck-' || d.id, 'Topic ' || md5(d.id::text), 'About ' || md5(d.id::text ||
         'x'), 'approved', 0, now(), now()
       FROM decks d WHERE d.user_id = ?`,
      [author.id]
    )
    /* the GIN indexes' pending lists flushed, as autovacuum would */
    await db.rawQuery('VACUUM ANALYZE public_decks')
    /* the statement the search runs, as it runs it */
    const { sql, bindings } = searchStatement('spanish verbs', 20, 0, true)
    const { rows } = await db.rawQuery(`EXPLAIN ${sql}`, bindings)
    const plan = rows.map((row: any) => row['QUERY PLAN']).join('\n')
    assert.include(plan, 'public_decks_search_vector_idx', plan)
    /* the typo arm's trigram index shows at scale: bench/library_search.ts prints the plan on 10,000 decks */
  })
})
