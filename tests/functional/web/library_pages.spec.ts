import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, resetState } from '#tests/support/helpers'
import { publishDeck, seedCategories } from '#tests/support/library'
import { signedIn, WebSession } from '#tests/support/web_session'

const page = async (web: WebSession, path: string, status = 200) => {
  const response = await web.get(path)
  if (response.status !== status) throw new Error(`GET ${path}: ${response.status}`)
  return { ...WebSession.page(response.text), html: response.text }
}

async function library() {
  await seedCategories()
  const author = await makeUser({
    name: 'Ana Author',
    username: 'ana',
    email: 'author@example.test',
  })
  const deck = await publishDeck(author, {
    name: 'Spanish verbs',
    description: 'The most common Spanish verbs, conjugated.',
    category: ['languages', 'spanish'],
    notes: [
      { front: 'hablar', back: 'to speak' },
      { front: 'comer', back: 'to eat' },
    ],
  })
  return { author, deck }
}

test.group('Web: library pages', (group) => {
  group.each.setup(() => resetState())

  test(
    'the deck page is server-rendered: name, description and notes are in the HTML, with title and meta ' +
      'description',
    async ({ client, assert }) => {
      const { deck } = await library()
      /* no JavaScript: the HTML as the api client fetches it, signed out */
      const response = await client.get(`/library/decks/${deck.slug}`).header('accept', 'text/html')
      response.assertStatus(200)
      const html = response.text()
      assert.include(html, '<h1>Spanish verbs</h1>')
      assert.include(html, 'The most common Spanish verbs, conjugated.')
      assert.include(html, 'hablar')
      assert.include(html, 'to speak')
      assert.match(html, /<title[^>]*>Spanish verbs · Mnemo<\/title>/)
      assert.match(
        html,
        /<meta name="description" content="The most common Spanish verbs, conjugated."/
      )
      assert.notInclude(html, 'content="noindex"')
      assert.include(html, 'Sign in to rate this deck.')
    }
  )

  test('a deck that is not indexable says noindex; unpublished and pending decks are a 404 page', async ({
    assert,
  }) => {
    const { author } = await library()
    const hidden = await publishDeck(author, { name: 'Quiet deck', isIndexable: false })
    const pending = await publishDeck(author, { name: 'Pending deck', state: 'pending' })
    const gone = await publishDeck(author, { name: 'Gone deck', state: 'unpublished' })
    const web = new WebSession()
    assert.match(
      (await web.get(`/library/decks/${hidden.slug}`)).text,
      /<meta name="robots" content="noindex"/
    )
    for (const slug of [pending.slug, gone.slug, 'no-such-deck']) {
      const response = await web.get(`/library/decks/${slug}`)
      assert.equal(response.status, 404)
      assert.notInclude(response.text, 'Pending deck')
      assert.notInclude(response.text, 'Gone deck')
    }
  })

  test('library home, search, category and A–Z pages: their props, and content in the HTML', async ({
    assert,
  }) => {
    await library()
    const web = new WebSession()
    const home = await page(web, '/library')
    assert.equal(home.component, 'library/home')
    assert.isAtLeast(home.props.categories.length, 10)
    assert.deepEqual(
      home.props.popular.map((deck: any) => deck.name),
      ['Spanish verbs']
    )
    assert.include(home.html, 'Anatomy')
    assert.include(home.html, 'name="query"')

    const search = await page(web, '/library/search?query=%20%20spansh%20verbs%20')
    assert.equal(search.component, 'library/search')
    assert.equal(search.props.query, 'spansh verbs')
    assert.deepEqual(
      search.props.decks.map((deck: any) => deck.name),
      ['Spanish verbs']
    )
    assert.include(search.html, 'Spanish verbs')
    assert.equal((await db.from('library_searches').first()).query, 'spansh verbs')
    assert.equal((await web.get('/library/search?query=%20%20')).location, '/library')
    /* one visitor's typo is nobody's popular search; a query three learners made is */
    assert.deepEqual((await page(web, '/library')).props.popularSearches, [])
    for (const email of ['a@example.test', 'b@example.test', 'c@example.test']) {
      const { web: learner } = await signedIn(email)
      await page(learner, '/library/search?query=Spanish%20verbs')
      await page(learner, '/library/search?query=spanish%20verbs')
    }
    const { web: typist } = await signedIn('d@example.test')
    await page(typist, '/library/search?query=spansh%20verbs')
    assert.deepEqual((await page(web, '/library')).props.popularSearches, [
      { query: 'spanish verbs', count: 3 },
    ])

    const category = await page(web, '/library/languages/spanish')
    assert.equal(category.component, 'library/category')
    assert.equal(category.props.total, 1)
    assert.match(category.html, /<title[^>]*>Spanish · Languages · Mnemo<\/title>/)
    assert.include(category.html, 'Spanish verbs')
    assert.equal((await web.get('/library/languages/klingon')).status, 404)

    const az = await page(web, '/library/a-z?query=s')
    assert.equal(az.component, 'library/alphabetical')
    assert.deepEqual(
      az.props.decks.map((deck: any) => deck.name),
      ['Spanish verbs']
    )
  })

  test('rating from the deck page: signed in, one rating per learner, the author is refused', async ({
    assert,
  }) => {
    const { deck } = await library()
    const { web } = await signedIn('reader@example.test')
    const shown = await page(web, `/library/decks/${deck.slug}`)
    assert.isNull(shown.props.ownRating)
    assert.isFalse(shown.props.isAuthor)
    assert.include(shown.html, `action="/library/decks/${deck.slug}/rate"`)
    /* the clone button posts to publishing's clone, which makes the learner's own copy */
    assert.include(shown.html, 'action="/library/clone_deck"')
    assert.include(shown.html, `name="deck_id" value="${deck.id}"`)
    const cloned = await web.post('/library/clone_deck', { deck_id: deck.id })
    assert.equal(cloned.status, 302)
    assert.match(cloned.location ?? '', /^\/decks\/\d+$/)
    const rated = await web.post(`/library/decks/${deck.slug}/rate`, {
      rating: 4,
      comment: 'Clear and <b>useful</b>',
    })
    assert.equal(rated.status, 302)
    assert.equal(rated.location, `/library/decks/${deck.slug}`)
    await web.post(`/library/decks/${deck.slug}/rate`, { rating: 5, comment: 'Even better' })
    const after = await page(web, `/library/decks/${deck.slug}`)
    assert.deepEqual(after.props.ownRating, { rating: 5, comment: 'Even better' })
    assert.equal(after.props.deck.rating.count, 1)
    assert.include(after.html, 'Even better')

    const signedOut = new WebSession()
    await signedOut.get(`/library/decks/${deck.slug}`)
    const refused = await signedOut.post(`/library/decks/${deck.slug}/rate`, { rating: 1 })
    assert.notEqual(refused.status, 200)
    assert.equal((await db.from('library_ratings').count('* as n'))[0].n, '1')

    const author = new WebSession()
    await author.get('/sign-in')
    await author.post('/sign-in', {
      email: 'author@example.test',
      password: 'correct-horse-battery',
    })
    const own = await page(author, `/library/decks/${deck.slug}`)
    assert.isTrue(own.props.isAuthor)
    await author.post(`/library/decks/${deck.slug}/rate`, { rating: 5 })
    assert.equal((await db.from('library_ratings').count('* as n'))[0].n, '1')
  })

  test('public profile page, and its "user not found" state with a 404', async ({ assert }) => {
    const { author } = await library()
    const web = new WebSession()
    const profile = await page(web, `/users/${author.id}`)
    assert.equal(profile.component, 'library/profile')
    assert.equal(profile.props.profile.name, 'Ana Author')
    assert.include(profile.html, 'Spanish verbs')
    assert.equal((await page(web, '/users/ana')).props.profile.id, author.id)
    const missing = await page(web, '/users/999999', 404)
    assert.isNull(missing.props.profile)
    assert.include(missing.html, 'User not found')
  })

  test('sitemap.xml lists the library, subcategories, indexable published decks and their authors', async ({
    client,
    assert,
  }) => {
    const { author, deck } = await library()
    const quiet = await publishDeck(author, { name: 'Quiet', isIndexable: false })
    const pending = await publishDeck(author, { name: 'Pending', state: 'pending' })
    const response = await client.get('/sitemap.xml')
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'application/xml')
    const xml = response.text()
    assert.match(xml, /<loc>[^<]*\/library<\/loc>/)
    assert.include(xml, '/library/medicine/anatomy</loc>')
    assert.include(xml, `/library/decks/${deck.slug}</loc>`)
    assert.include(xml, `/users/${author.id}</loc>`)
    assert.notInclude(xml, quiet.slug)
    assert.notInclude(xml, pending.slug)
  })

  test('the navigation links to the library', async ({ assert }) => {
    const html = (await new WebSession().get('/library')).text
    assert.include(html, 'href="/library"')
  })
})
