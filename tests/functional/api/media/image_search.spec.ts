import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { assertErrorBody, makePremium, resetState, tokenFor } from '#tests/support/helpers'
import { pageCall, signedIn } from '#tests/support/web_session'
import { UNSPLASH_TEST_KEY, resetUnsplash, unsplashState } from '#tests/support/unsplash_server'
import { basicNote, createDeck, signIn as freeSignIn } from '#tests/support/content'

/* image search is premium: the learners of these tests are */
const signIn = async () => {
  const session = await freeSignIn()
  await makePremium(session.user)
  return session
}
const premiumSignedIn = async (email: string) => {
  const session = await signedIn(email)
  await makePremium(session.user)
  return session
}

/*
 * Image search through the Unsplash adapter, against the local double
 * (tests/support/unsplash_server.ts, started by the bootstrap): suggestions
 * with their attribution, the download ping, the editor's pick stored as an
 * upload on the deck, and the "not configured" answer without a key. Also
 * the once-a-day card events (TTS plays, type-in answers).
 */
async function withoutKey<T>(run: () => Promise<T>) {
  env.set('UNSPLASH_ACCESS_KEY', '')
  try {
    return await run()
  } finally {
    env.set('UNSPLASH_ACCESS_KEY', UNSPLASH_TEST_KEY)
  }
}

test.group('Media helpers: image search (Unsplash)', (group) => {
  group.each.setup(async () => {
    await resetState()
    resetUnsplash()
  })

  test('GET images/suggestions?q answers photos with id, preview, url, author username, link and fullName', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const response = await client
      .get('/api/images/suggestions')
      .bearerToken(token)
      .qs({ q: 'apple' })
    response.assertStatus(200)
    const [first, ...rest] = response.body().suggestions
    assert.lengthOf(rest, 0)
    assert.equal(first.id, 'Ph0to-apple')
    assert.match(first.preview, /\/images\/Ph0to-apple\.png\?w=200$/)
    assert.match(first.url, /\/images\/Ph0to-apple\.png\?w=1080$/)
    assert.equal(first.username, 'author_apple')
    assert.equal(first.fullName, 'Author Apple')
    assert.deepEqual(first.author, {
      username: 'author_apple',
      name: 'Author Apple',
      link: first.link,
    })
    /* Unsplash's attribution guidelines: the link back carries the app's utm parameters */
    assert.equal(
      first.link,
      'https://unsplash.com/@author_apple?utm_source=mnemo&utm_medium=referral'
    )
    const call = unsplashState.calls.at(-1)!
    assert.equal(call.path, '/search/photos')
    assert.equal(call.query.query, 'apple')
    assert.equal(call.authorization, `Client-ID ${UNSPLASH_TEST_KEY}`)
    const none = await client.get('/api/images/suggestions').bearerToken(token).qs({ q: 'zebra' })
    none.assertStatus(200)
    assert.deepEqual(none.body().suggestions, [])
  })

  test('a missing or blank q is 422; signed out is 401', async ({ client }) => {
    const { token } = await signIn()
    ;(await client.get('/api/images/suggestions').bearerToken(token)).assertStatus(422)
    ;(await client.get('/api/images/suggestions').bearerToken(token).qs({ q: '   ' })).assertStatus(
      422
    )
    ;(await client.get('/api/images/suggestions').qs({ q: 'apple' })).assertStatus(401)
  })

  test('POST images/mark_download {id} sends the download ping (body or query); an unknown photo is 404', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    ;(
      await client.post('/api/images/mark_download').bearerToken(token).json({ id: 'Ph0to-banana' })
    ).assertStatus(200)
    ;(
      await client.post('/api/images/mark_download').bearerToken(token).qs({ id: 'Ph0to-banana' })
    ).assertStatus(200)
    assert.equal(unsplashState.downloads.get('Ph0to-banana'), 2)
    const unknown = await client
      .post('/api/images/mark_download')
      .bearerToken(token)
      .json({ id: 'nope' })
    unknown.assertStatus(404)
    const bad = await client
      .post('/api/images/mark_download')
      .bearerToken(token)
      .json({ id: '../../etc' })
    bad.assertStatus(422)
  })

  test(
    'image search is premium: a free learner gets 402 E_PREMIUM_REQUIRED in the API and in the editor, and ' +
      'Unsplash is not called',
    async ({ client, assert }) => {
      const { token } = await freeSignIn()
      const api = await client.get('/api/images/suggestions').bearerToken(token).qs({ q: 'apple' })
      api.assertStatus(402)
      assertErrorBody(assert, api.body(), 'E_PREMIUM_REQUIRED')
      assert.equal(api.body().feature, 'image_search')
      assert.equal(api.body().title, 'Image search is a premium feature')

      /* the editor's calls, with the web session */
      const free = await signedIn('free@example.test')
      const deck = await createDeck(client, await tokenFor(free.user), { name: 'Mine' })
      const search = await pageCall(free.web, 'GET', '/notes/image_search?q=apple')
      assert.equal(search.status, 402)
      assertErrorBody(assert, search.body, 'E_PREMIUM_REQUIRED')
      const pick = await pageCall(free.web, 'POST', '/notes/image_search/pick', {
        deck_id: deck.id,
        id: 'Ph0to-apple',
      })
      assert.equal(pick.status, 402)
      assert.lengthOf(unsplashState.calls, 0)
      assert.equal(
        Number((await db.from('media').where('deck_id', deck.id).count('* as n').first()).n),
        0
      )
    }
  )

  test('without a key both calls answer 503 E_IMAGE_SEARCH_NOT_CONFIGURED, and Unsplash is not called', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    await withoutKey(async () => {
      const search = await client
        .get('/api/images/suggestions')
        .bearerToken(token)
        .qs({ q: 'apple' })
      search.assertStatus(503)
      assertErrorBody(assert, search.body(), 'E_IMAGE_SEARCH_NOT_CONFIGURED')
      const ping = await client
        .post('/api/images/mark_download')
        .bearerToken(token)
        .json({ id: 'Ph0to-apple' })
      ping.assertStatus(503)
      assertErrorBody(assert, ping.body(), 'E_IMAGE_SEARCH_NOT_CONFIGURED')
    })
    assert.lengthOf(unsplashState.calls, 0)
  })

  test(
    "without a key image search is not offered: not among the paywall's benefits (web and API), not in " +
      'the editor',
    async ({ client, assert }) => {
      const { user, web } = await premiumSignedIn('ana@example.test')
      const deck = await createDeck(client, await tokenFor(user), { name: 'Plain' })
      const offered = async () => ({
        api: (await client.get('/api/paywall')).body().benefits as string[],
        web: (await web.visit('/paywall')).props.benefits as string[],
        editor: (await web.visit(`/decks/${deck.id}/notes/new`)).props.deck.imageSearch as boolean,
      })
      const configured = await offered()
      assert.include(configured.api, 'image_search')
      assert.include(configured.web, 'image_search')
      assert.isTrue(configured.editor)
      const without = await withoutKey(offered)
      assert.deepEqual(without.api, [
        'unlimited_ai',
        'formatting',
        'image_occlusion',
        'no_daily_limits',
        'smart_repetition',
        'text_to_speech',
      ])
      assert.deepEqual(without.web, without.api)
      assert.isFalse(without.editor)
    }
  )

  test('Unsplash failing is 502 E_IMAGE_SEARCH_PROVIDER, not a 500', async ({ client, assert }) => {
    const { token } = await signIn()
    unsplashState.failures = 1
    const response = await client
      .get('/api/images/suggestions')
      .bearerToken(token)
      .qs({ q: 'apple' })
    response.assertStatus(502)
    assertErrorBody(assert, response.body(), 'E_IMAGE_SEARCH_PROVIDER')
  })

  test(
    "the editor's pick stores the photo on the deck as an upload, pings the download and gives " +
      'the attribution',
    async ({ client, assert }) => {
      const { user, web } = await premiumSignedIn('picker@example.test')
      const deckId = (await createDeck(client, await tokenFor(user), { name: 'Fruit' })).id
      const search = await web.get('/notes/image_search?q=cherry')
      assert.equal(search.status, 200)
      assert.equal(JSON.parse(search.text).suggestions[0].id, 'Ph0to-cherry')
      const picked = await web.post('/notes/image_search/pick', {
        deck_id: deckId,
        id: 'Ph0to-cherry',
      })
      assert.equal(picked.status, 200, picked.text)
      const body = JSON.parse(picked.text)
      assert.equal(body.type, 'image')
      assert.match(body.url, /^\/media\/[0-9a-f-]{36}\.png$/)
      assert.deepEqual(body.attribution, {
        fullName: 'Author Cherry',
        username: 'author_cherry',
        link: 'https://unsplash.com/@author_cherry?utm_source=mnemo&utm_medium=referral',
      })
      assert.equal(unsplashState.downloads.get('Ph0to-cherry'), 1)
      const media = await db.from('media').where('user_id', user.id).firstOrFail()
      assert.equal(media.mime, 'image/png')
      assert.equal(media.deck_id, deckId)
      const served = await web.get(body.url)
      assert.equal(served.status, 200)
    }
  )

  test(
    "the pick follows the upload rules: another user's deck is 404, a picture over 10 MB is refused, " +
      'nothing stored',
    async ({ client, assert }) => {
      const owner = await premiumSignedIn('owner@example.test')
      const other = await premiumSignedIn('other@example.test')
      const deckId = (await createDeck(client, await tokenFor(owner.user), { name: 'Mine' })).id
      const refused = await other.web.post(
        '/notes/image_search/pick',
        { deck_id: deckId, id: 'Ph0to-apple' },
        { accept: 'application/json' }
      )
      assert.equal(refused.status, 404)
      const json = { accept: 'application/json' }
      unsplashState.imageBytes = Buffer.alloc(10 * 1024 * 1024 + 10, 1)
      const big = await owner.web.post(
        '/notes/image_search/pick',
        { deck_id: deckId, id: 'Ph0to-apple' },
        json
      )
      assert.equal(big.status, 422)
      assert.equal(JSON.parse(big.text).code, 'E_IMAGE_TOO_BIG')
      unsplashState.imageBytes = Buffer.from('<html>not a picture</html>')
      const notImage = await owner.web.post(
        '/notes/image_search/pick',
        { deck_id: deckId, id: 'Ph0to-apple' },
        json
      )
      assert.equal(notImage.status, 422)
      assert.equal(JSON.parse(notImage.text).code, 'E_UNSUPPORTED_MEDIA')
      assert.equal(Number((await db.from('media').count('* as count').first()).count), 0)
      assert.equal(unsplashState.downloads.size, 0, 'no ping for a photo that was not used')
    }
  )
})

test.group(
  'Media helpers: text-to-speech plays and type-in answers, once per card a day',
  (group) => {
    group.each.setup(() => resetState())

    test('the second play of a card the same day is not counted; another card is; another learner is refused', async ({
      client,
      assert,
    }) => {
      const { user, token } = await signIn()
      const deck = await createDeck(client, token, { name: 'Words' })
      const first = await basicNote(client, token, deck.id, 'uno', 'one')
      const second = await basicNote(client, token, deck.id, 'dos', 'two')
      const [cardA] = await db.from('cards').where('note_id', first.id).select('id')
      const [cardB] = await db.from('cards').where('note_id', second.id).select('id')
      const play = (cardId: number, kind = 'tts_play', bearer = token) =>
        client.post(`/api/cards/${cardId}/daily_events`).bearerToken(bearer).json({ kind })

      const once = await play(cardA.id)
      once.assertStatus(200)
      assert.include(once.body(), {
        counted: true,
        kind: 'tts_play',
        todayCount: 1,
        day: user.today(),
      })
      const again = await play(cardA.id)
      assert.include(again.body(), { counted: false, todayCount: 1 })
      assert.include((await play(cardB.id)).body(), { counted: true, todayCount: 2 })
      assert.include((await play(cardA.id, 'type_in')).body(), {
        counted: true,
        kind: 'type_in',
        todayCount: 1,
      })
      assert.include((await play(cardA.id, 'type_in')).body(), { counted: false, todayCount: 1 })

      const stranger = await signIn()
      ;(await play(cardA.id, 'tts_play', stranger.token)).assertStatus(404)
      ;(await play(cardA.id, 'dance')).assertStatus(422)
      assert.equal(
        Number((await db.from('card_daily_events').count('* as count').first()).count),
        3
      )
    })
  }
)
