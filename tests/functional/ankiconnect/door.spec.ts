import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'
import { anki, connect, ok } from '#tests/functional/ankiconnect/support'

/*
 * Issue 32 §3: the door itself. A per-learner key made by POST
 * /api/ankiconnect_key (shown in settings), AnkiConnect's reply shapes
 * (version 6 and the bare result of version 4), a wrong or missing key
 * refused in AnkiConnect's shape without any change, and any origin's
 * preflight answered without a cookie ever being read.
 */

test.group('AnkiConnect: the key and the door', (group) => {
  group.each.setup(() => resetState())

  test('POST /api/ankiconnect_key answers a key and the URL; renewing retires the old key', async ({
    client,
    assert,
  }) => {
    const learner = await connect(client)
    assert.match(learner.key, /^[A-Za-z0-9_-]{40,}$/)
    assert.match(learner.url, /^https?:\/\/[^/]+\/ankiconnect$/)
    assert.deepEqual(await anki(client, learner.key, 'version'), { result: 6, error: null })

    const renewed = await client.post('/api/ankiconnect_key').bearerToken(learner.token)
    renewed.assertStatus(201)
    assert.notEqual(renewed.body().key, learner.key)
    assert.deepEqual(await anki(client, learner.key, 'deckNames'), {
      result: null,
      error: 'valid api key must be provided',
    })
    assert.deepEqual(await anki(client, renewed.body().key, 'version'), { result: 6, error: null })
    /* kept encrypted, found by its hash: the key itself is nowhere in the row */
    const row = await db.from('ankiconnect_keys').where('user_id', learner.user.id).firstOrFail()
    assert.notInclude(JSON.stringify(row), renewed.body().key)
  })

  test('POST /api/ankiconnect_key needs a bearer token', async ({ client }) => {
    const response = await client.post('/api/ankiconnect_key')
    response.assertStatus(401)
  })

  test('a wrong or missing key is refused in AnkiConnect shape and changes nothing', async ({
    client,
    assert,
  }) => {
    const owner = await connect(client)
    await ok(client, owner.key, 'createDeck', { deck: 'Mine' })
    const before = await db.from('decks').count('* as n').first()
    for (const key of [undefined, '', 'not-a-key', owner.key.slice(0, -1) + 'x']) {
      const reply = await anki(client, key, 'createDeck', { deck: 'Intruder' })
      assert.deepEqual(reply, { result: null, error: 'valid api key must be provided' })
      const old = await anki(client, key, 'deleteNotes', { notes: [1] }, 4)
      assert.deepEqual(old, { result: null, error: 'valid api key must be provided' })
    }
    const after = await db.from('decks').count('* as n').first()
    assert.equal(after.n, before.n)
    /* a stranger's own key sees only their own decks */
    const stranger = await connect(client)
    assert.deepEqual(await ok(client, stranger.key, 'deckNames'), [])
    assert.deepEqual(await ok(client, owner.key, 'deckNames'), ['Mine'])
  })

  test('requestPermission answers without a key; version 4 and no version get the bare result', async ({
    client,
    assert,
  }) => {
    const { key } = await connect(client)
    assert.deepEqual(await anki(client, undefined, 'requestPermission'), {
      result: { permission: 'granted', requireApiKey: true, version: 6 },
      error: null,
    })
    assert.equal(await anki(client, key, 'version', undefined, 4), 6)
    assert.equal(await anki(client, key, 'version', undefined, null), 6)
    assert.deepEqual(await anki(client, key, 'deckNames', {}, 4), [])
    /* an error is always the full shape, whatever the version */
    assert.deepEqual(await anki(client, key, 'noSuchAction', {}, 4), {
      result: null,
      error: 'unsupported action',
    })
  })

  test('a body sent as text/plain or without a Content-Type is read as JSON', async ({
    client,
    assert,
  }) => {
    const { key } = await connect(client)
    const body = JSON.stringify({ action: 'version', version: 6, key })
    /* as a browser's fetch sends them (the test server's own address, as the API client uses it) */
    const url = `http://${process.env.HOST}:${process.env.PORT}/ankiconnect`
    const plain = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
    })
    assert.equal(plain.status, 200)
    assert.deepEqual(await plain.json(), { result: 6, error: null })
    const bare = await fetch(url, { method: 'POST', body: new Blob([body]) })
    assert.isNull(bare.headers.get('set-cookie'))
    assert.deepEqual(await bare.json(), { result: 6, error: null })
    const broken = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{',
    })
    assert.deepEqual(await broken.json(), {
      result: null,
      error: 'the request must be a JSON object',
    })
    /* JSON the body parser cannot read is answered by the door too, in its shape */
    const brokenJson = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    })
    assert.equal(brokenJson.status, 200)
    assert.isNull(brokenJson.headers.get('set-cookie'))
    assert.deepEqual(await brokenJson.json(), {
      result: null,
      error: 'the request must be a JSON object',
    })
  })

  test('any origin gets the preflight and the answer; no cookie is set or read', async ({
    client,
    assert,
  }) => {
    const { key, user } = await connect(client)
    const origin = 'chrome-extension://likgccmbimhjbgkjambclfkhldnlhbnn'
    const preflight = await client
      .options('/ankiconnect')
      .header('origin', origin)
      .header('access-control-request-method', 'POST')
      .header('access-control-request-headers', 'content-type')
    assert.equal(preflight.status(), 204)
    assert.equal(preflight.header('access-control-allow-origin'), origin)
    assert.include(preflight.header('access-control-allow-methods'), 'POST')
    assert.include(
      (preflight.header('access-control-allow-headers') ?? '').toLowerCase(),
      'content-type'
    )

    const reply = await client
      .post('/ankiconnect')
      .header('origin', 'https://example.org')
      .json({ action: 'version', version: 6, key })
    assert.equal(reply.header('access-control-allow-origin'), 'https://example.org')
    assert.isUndefined(reply.header('set-cookie'))
    assert.deepEqual(reply.body(), { result: 6, error: null })

    /* a signed-in browser's session counts for nothing here: no key, no answer */
    const { token } = await signIn()
    const withSession = await client
      .post('/ankiconnect')
      .bearerToken(token)
      .json({ action: 'deckNames', version: 6 })
    assert.deepEqual(withSession.body(), { result: null, error: 'valid api key must be provided' })
    assert.isUndefined(withSession.header('set-cookie'))
    assert.isAbove(user.id, 0)
    /* other routes grant no origin */
    const api = await client
      .options('/api/decks')
      .header('origin', origin)
      .header('access-control-request-method', 'GET')
    assert.isUndefined(api.header('access-control-allow-origin'))
  })

  test('wrong keys from one address are slowed down: 30 a minute, then AnkiConnect shape', async ({
    client,
    assert,
  }) => {
    const { key } = await connect(client)
    for (let attempt = 1; attempt <= 30; attempt++) {
      const reply = await anki(client, `wrong-key-number-${attempt}-xxxxxxxxxxxxxxxx`, 'version')
      assert.equal(reply.error, 'valid api key must be provided')
    }
    const blocked = await anki(client, 'wrong-key-number-31-xxxxxxxxxxxxxxxx', 'version')
    assert.isNull(blocked.result)
    assert.match(blocked.error, /^too many requests: try again in \d+ seconds$/)
    /* the learner's own key is counted apart */
    assert.deepEqual(await anki(client, key, 'version'), { result: 6, error: null })
  })
})
