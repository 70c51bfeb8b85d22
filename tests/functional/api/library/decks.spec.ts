import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, makeUser, resetState } from '#tests/support/helpers'
import { publishDeck, seedCategories } from '#tests/support/library'
import {
  conformanceProblems,
  responseSchema,
  type OpenApiDocument,
} from '#tests/support/openapi_conformance'
import { signIn } from '#tests/support/content'

const DECK_KEYS = [
  'id',
  'name',
  'notesCount',
  'cardsCount',
  'description',
  'author',
  'seoDescription',
  'slug',
  'downloadsCount',
  'category',
  'isIndexable',
  'studiersCount',
  'reviewsCount',
  'sharingLink',
  'iconUrl',
  'rating',
  'gradientColors',
]

async function setup() {
  await seedCategories()
  const author = await makeUser({ name: 'Ana Author', username: 'ana' })
  const deck = await publishDeck(author, {
    name: 'Spanish verbs',
    description: 'Regular and <b>irregular</b> verbs',
    category: ['languages', 'spanish'],
    downloads: 12,
    studiers: 5,
    notes: [
      { front: 'hablar <script>alert(1)</script>', back: 'to <b>speak</b>' },
      { front: 'comer', back: 'to eat' },
      { front: 'vivir', back: 'to live' },
    ],
  })
  return { author, deck }
}

const ALL_READS = ['', '/notes', '/cards', '/similar_decks', '/rating', '/reviews']

test.group('API library decks', (group) => {
  group.each.setup(() => resetState())

  test('GET library_decks/{id} (by id or slug): the public library deck entity, no sign-in needed', async ({
    client,
    assert,
  }) => {
    const { author, deck } = await setup()
    const response = await client.get(`/api/library_decks/${deck.id}`)
    response.assertStatus(200)
    const body = response.body()
    assert.properties(body, DECK_KEYS)
    assert.equal(body.name, 'Spanish verbs')
    assert.deepEqual(body.author, {
      avatarColor: author.avatarColor,
      avatarUrl: null,
      id: author.id,
      name: 'Ana Author',
      username: 'ana',
    })
    assert.equal(body.notesCount, 3)
    assert.equal(body.downloadsCount, 12)
    assert.equal(body.studiersCount, 5)
    assert.equal(body.seoDescription, 'Regular and irregular verbs')
    assert.equal(body.category.key, 'languages')
    assert.equal(body.category.name, 'Languages')
    assert.equal(body.category.subcategory.key, 'spanish')
    assert.equal(body.category.subcategory.name, 'Spanish')
    assert.match(body.sharingLink, new RegExp(`/library/decks/${deck.slug}$`))
    assert.deepEqual(body.rating, {
      average: 0,
      count: 0,
      ratingBreakdown: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    })
    assert.deepEqual(body.gradientColors, { from: '#4F46E5', to: '#06B6D4' })
    assert.equal((await client.get(`/api/library_decks/${deck.slug}`)).body().id, deck.id)
    /* in another language, the category's name is translated */
    const german = await client.get(`/api/library_decks/${deck.id}`).header('accept-language', 'de')
    assert.equal(german.body().category.subcategory.name, 'Spanisch')
  })

  test('pending, unpublished and unknown decks are a 404 on every call', async ({
    client,
    assert,
  }) => {
    const { author } = await setup()
    const pending = await publishDeck(author, { name: 'Pending', state: 'pending' })
    const gone = await publishDeck(author, { name: 'Gone', state: 'unpublished' })
    const { token } = await signIn()
    for (const id of [pending.id, gone.id, pending.slug, 999999, 'no-such-deck', '1e3']) {
      for (const suffix of ALL_READS) {
        const response = await client.get(`/api/library_decks/${id}${suffix}`)
        assert.equal(response.status(), 404, `${id}${suffix}`)
        assertErrorBody(assert, response.body(), 'E_NOT_FOUND')
      }
      const rate = await client
        .post(`/api/library_decks/${id}/rate`)
        .bearerToken(token)
        .json({ rating: 5 })
      assert.equal(rate.status(), 404)
    }
    /* rejected revisions never reach the library either: the author's own token sees the same 404 */
    const own = await client.get(`/api/library_decks/${pending.id}`).bearerToken(token)
    own.assertStatus(404)
  })

  test('notes and cards: note search items of the current revision, sanitized, paged, searchable', async ({
    client,
    assert,
  }) => {
    const { deck } = await setup()
    const response = await client.get(`/api/library_decks/${deck.id}/notes`)
    response.assertStatus(200)
    const { notes, total } = response.body()
    assert.equal(total, 3)
    assert.properties(notes[0], [
      'id',
      'front',
      'back',
      'hasImage',
      'hasAudio',
      'label',
      'numberOfCards',
    ])
    assert.match(notes[0].id, /^lib_\d+$/)
    assert.notInclude(notes[0].front.html, '<script')
    assert.include(notes[0].front.preview, 'hablar')
    assert.include(notes[0].back.html, '<b>speak</b>')
    assert.equal(notes[0].back.preview, 'to speak')
    assert.equal(notes[0].numberOfCards, 1)
    const page = await client.get(`/api/library_decks/${deck.id}/cards`).qs({ limit: 1, offset: 1 })
    assert.deepEqual(
      page.body().cards.map((card: any) => card.front.preview),
      ['comer']
    )
    /* the note list query is trimmed */
    const found = await client.get(`/api/library_decks/${deck.id}/notes`).qs({ query: '  vivir ' })
    assert.deepEqual(
      found.body().notes.map((note: any) => note.front.preview),
      ['vivir']
    )
    ;(await client.get(`/api/library_decks/${deck.id}/notes`).qs({ limit: -1 })).assertStatus(422)
  })

  test('similar decks: the same subcategory first, then similar text; never itself nor unpublished decks', async ({
    client,
    assert,
  }) => {
    const { author, deck } = await setup()
    await publishDeck(author, {
      name: 'Spanish nouns',
      category: ['languages', 'spanish'],
      downloads: 3,
    })
    await publishDeck(author, { name: 'More verbs to learn', category: ['languages', 'french'] })
    await publishDeck(author, {
      name: 'Spanish verbs hidden',
      category: ['languages', 'spanish'],
      state: 'unpublished',
    })
    await publishDeck(author, { name: 'Organic chemistry', category: ['sciences', 'chemistry'] })
    const response = await client
      .get(`/api/library_decks/${deck.id}/similar_decks`)
      .qs({ limit: 5 })
    response.assertStatus(200)
    assert.deepEqual(
      response.body().decks.map((d: any) => d.name),
      ['Spanish nouns', 'More verbs to learn']
    )
    const one = await client.get(`/api/library_decks/${deck.id}/similar_decks`).qs({ limit: 1 })
    assert.deepEqual(
      one.body().decks.map((d: any) => d.name),
      ['Spanish nouns']
    )
  })

  test('rate: signed in, 1 to 5, one per learner (a second call edits), counters kept, comment as plain text', async ({
    client,
    assert,
  }) => {
    const { deck } = await setup()
    const ben = await signIn({ name: 'Ben' })
    const cleo = await signIn({ name: 'Cleo' })
    ;(await client.post(`/api/library_decks/${deck.id}/rate`).json({ rating: 5 })).assertStatus(401)
    for (const body of [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: 2.5 },
      { rating: 'five' },
      { rating: 4, comment: 'x'.repeat(2001) },
    ]) {
      const bad = await client
        .post(`/api/library_decks/${deck.id}/rate`)
        .bearerToken(ben.token)
        .json(body)
      assert.equal(bad.status(), 422, JSON.stringify(body).slice(0, 40))
    }
    const first = await client
      .post(`/api/library_decks/${deck.id}/rate`)
      .bearerToken(ben.token)
      .json({ rating: 2, comment: '<img src=x onerror=alert(1)>Too <b>short</b>' })
    first.assertStatus(200)
    assert.equal(first.body().review.comment, 'Too short')
    assert.equal(first.body().review.author.name, 'Ben')
    assert.deepEqual(first.body().rating, {
      averageRating: 2,
      totalRatings: 1,
      breakdown: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 0 },
    })
    const edited = await client
      .post(`/api/library_decks/${deck.id}/rate`)
      .bearerToken(ben.token)
      .json({ rating: 4, comment: 'Better after the update' })
    assert.equal(edited.body().review.id, first.body().review.id)
    await client
      .post(`/api/library_decks/${deck.id}/rate`)
      .bearerToken(cleo.token)
      .json({ rating: 5, comment: '   ' })
    const stats = await client.get(`/api/library_decks/${deck.id}/rating`)
    assert.deepEqual(stats.body(), {
      averageRating: 4.5,
      totalRatings: 2,
      breakdown: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
    })
    const row = await db.from('public_decks').where('id', deck.id).first()
    assert.equal(row.ratings_count, 2)
    assert.equal(row.ratings_sum, 9)
    assert.equal(Number((await db.from('library_ratings').count('* as n'))[0].n), 2)
    /* reviews are the ratings with a comment */
    const reviews = await client
      .get(`/api/library_decks/${deck.id}/reviews`)
      .qs({ limit: 10, offset: 0 })
    reviews.assertStatus(200)
    assert.deepEqual(
      reviews
        .body()
        .reviews.map((review: any) => [review.rating, review.comment, review.author.name]),
      [[4, 'Better after the update', 'Ben']]
    )
    const shown = await client.get(`/api/library_decks/${deck.id}`)
    assert.equal(shown.body().reviewsCount, 1)
    assert.deepEqual(shown.body().rating, {
      average: 4.5,
      count: 2,
      ratingBreakdown: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
    })
  })

  test('the author cannot rate their own deck (403), and nothing is counted', async ({
    client,
    assert,
  }) => {
    const { author, deck } = await setup()
    const { default: User } = await import('#models/user')
    const token = (await User.accessTokens.create(author)).value!.release()
    const response = await client
      .post(`/api/library_decks/${deck.id}/rate`)
      .bearerToken(token)
      .json({ rating: 5 })
    response.assertStatus(403)
    assertErrorBody(assert, response.body(), 'E_OWN_DECK')
    assert.equal((await db.from('public_decks').where('id', deck.id).first()).ratings_count, 0)
  })

  test('the answers are what the OpenAPI document says', async ({ client, assert }) => {
    const { deck } = await setup()
    const { token } = await signIn()
    await client
      .post(`/api/library_decks/${deck.id}/rate`)
      .bearerToken(token)
      .json({ rating: 4, comment: 'Good' })
    await client.get('/api/library/search').qs({ query: 'spanish' })
    const document = (await client.get('/api/openapi.json')).body() as OpenApiDocument
    const calls: [string, string, string][] = [
      ['/library_decks/{id}', `/api/library_decks/${deck.id}`, 'get'],
      ['/library_decks/{id}/notes', `/api/library_decks/${deck.id}/notes`, 'get'],
      ['/library_decks/{id}/similar_decks', `/api/library_decks/${deck.id}/similar_decks`, 'get'],
      ['/library_decks/{id}/rating', `/api/library_decks/${deck.id}/rating`, 'get'],
      ['/library_decks/{id}/reviews', `/api/library_decks/${deck.id}/reviews`, 'get'],
      ['/library/categories', '/api/library/categories', 'get'],
      ['/library/search', '/api/library/search?query=spanish', 'get'],
      ['/library/search/popular', '/api/library/search/popular', 'get'],
      ['/library_decks/alphabetical_search', '/api/library_decks/alphabetical_search', 'get'],
      ['/v2/library', '/api/v2/library', 'get'],
      [
        '/v2/library/categories/{category}/{subcategory}',
        '/api/v2/library/categories/languages/spanish',
        'get',
      ],
      ['/guides/featured', '/api/guides/featured', 'get'],
    ]
    for (const [path, url] of calls) {
      const response = await client.get(url)
      assert.equal(response.status(), 200, url)
      assert.deepEqual(
        conformanceProblems(document, responseSchema(document, 'GET', path, 200), response.body()),
        [],
        url
      )
    }
    const rated = await client
      .post(`/api/library_decks/${deck.id}/rate`)
      .bearerToken(token)
      .json({ rating: 3 })
    assert.deepEqual(
      conformanceProblems(
        document,
        responseSchema(document, 'POST', '/library_decks/{id}/rate', 200),
        rated.body()
      ),
      []
    )
  })
})
