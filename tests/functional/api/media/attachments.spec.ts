import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import {
  bigPngBytes,
  createDeck,
  expectStatus,
  mediaPath,
  pngBytes,
  signIn,
  snapshot,
  wavBytes,
} from '#tests/support/content'

function upload(client: any, token: string, deckId: number, bytes: Buffer, filename: string) {
  return client
    .post('/api/card_attachments')
    .bearerToken(token)
    .field('deck_id', String(deckId))
    .file('file', bytes, { filename })
}

/* superagent buffers images; other types may come back as text */
function bytesOf(response: any): Buffer {
  const body = response.body()
  if (Buffer.isBuffer(body)) return body
  return Buffer.from(response.text() ?? '', 'binary')
}

test.group('API card_attachments', (group) => {
  group.each.setup(() => resetState())

  test('a PNG is stored and answered as {id, type, url}; the owner gets it back, sandboxed', async ({
    client,
    assert,
  }) => {
    const { token, user } = await signIn()
    const deck = await createDeck(client, token, { name: 'Anatomy' })
    const png = pngBytes()
    const response = await upload(client, token, deck.id, png, 'heart.png')
    response.assertStatus(200)
    assert.properties(response.body(), ['id', 'type', 'url'])
    assert.isNumber(response.body().id)
    assert.equal(response.body().type, 'image')
    assert.match(response.body().url, /^http:\/\/[^/]+\/media\/[0-9a-f-]{36}\.png\?sig=/)
    const stored = await db.from('media').where('id', response.body().id).first()
    assert.equal(stored.user_id, user.id)
    assert.equal(stored.deck_id, deck.id)
    assert.equal(stored.mime, 'image/png')

    const served = await client.get(mediaPath(response.body().url)).bearerToken(token)
    served.assertStatus(200)
    assert.equal(served.header('content-type'), 'image/png')
    assert.include(served.header('content-security-policy'), 'sandbox')
    assert.equal(served.header('x-content-type-options'), 'nosniff')
    assert.isTrue(bytesOf(served).equals(png), 'the stored bytes come back unchanged')
  })

  test('a WAV sound is stored as audio and served with an audio type', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Listening' })
    const response = await upload(client, token, deck.id, wavBytes(), 'word.wav')
    response.assertStatus(200)
    assert.equal(response.body().type, 'audio')
    assert.match(response.body().url, /^http:\/\/[^/]+\/media\/[0-9a-f-]{36}\.wav\?sig=/)
    const served = await client.get(mediaPath(response.body().url)).bearerToken(token)
    served.assertStatus(200)
    assert.match(served.header('content-type') ?? '', /^audio\//)
    assert.include(served.header('content-security-policy'), 'sandbox')
  })

  test("another user (or nobody) gets a 404 for the file's url", async ({ client, assert }) => {
    const owner = await signIn()
    const other = await signIn()
    const deck = await createDeck(client, owner.token, { name: 'Private' })
    const response = await upload(client, owner.token, deck.id, pngBytes(), 'secret.png')
    response.assertStatus(200)
    const stranger = await client.get(mediaPath(response.body().url)).bearerToken(other.token)
    stranger.assertStatus(404)
    assert.notEqual(stranger.header('content-type'), 'image/png')
    const anonymous = await client.get(mediaPath(response.body().url))
    anonymous.assertStatus(404)
  })

  test('files whose bytes are not what their name says are E_UNSUPPORTED_MEDIA; nothing is stored', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Deck' })
    const before = await snapshot()
    const cases: [Buffer, string][] = [
      [Buffer.from('just text'), 'notes.txt'],
      [
        Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
        'cute-cat.png',
      ],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'song.mp3'],
      [Buffer.from('<html><body onload="alert(1)"></body></html>'), 'drawing.svg'],
    ]
    for (const [bytes, filename] of cases) {
      const response = await upload(client, token, deck.id, bytes, filename)
      expectStatus(assert, response, 422, filename)
      assertErrorBody(assert, response.body(), 'E_UNSUPPORTED_MEDIA')
      assert.equal(response.body().errors[0].field, 'file', filename)
    }
    assert.deepEqual(await snapshot(), before)
  })

  test('the name decides: an extension outside the list is E_UNSUPPORTED_MEDIA even when the bytes are a PNG', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Deck' })
    const before = await snapshot()
    for (const filename of ['image.exe', 'image.html', 'no-extension', 'sound.wav']) {
      const response = await upload(client, token, deck.id, pngBytes(), filename)
      expectStatus(assert, response, 422, filename)
      assertErrorBody(assert, response.body(), 'E_UNSUPPORTED_MEDIA')
    }
    assert.deepEqual(await snapshot(), before)
  })

  test('images on an imported Anki deck are E_IMAGES_NOT_ALLOWED; sound is still accepted', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Imported', source: 'imported_anki' })
    const before = await snapshot()
    const image = await upload(client, token, deck.id, pngBytes(), 'photo.png')
    image.assertStatus(422)
    assertErrorBody(assert, image.body(), 'E_IMAGES_NOT_ALLOWED')
    assert.deepEqual(await snapshot(), before)
    const sound = await upload(client, token, deck.id, wavBytes(), 'word.wav')
    sound.assertStatus(200)
    assert.equal(sound.body().type, 'audio')
  })

  test('an image over 10 MB is E_IMAGE_TOO_BIG; 10 MB is fine', async ({ client, assert }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Deck' })
    const before = await snapshot()
    const big = await upload(client, token, deck.id, bigPngBytes(10 * 1024 * 1024 + 1), 'huge.png')
    big.assertStatus(422)
    assertErrorBody(assert, big.body(), 'E_IMAGE_TOO_BIG')
    assert.equal(big.body().errors[0].field, 'file')
    assert.deepEqual(await snapshot(), before)
    const limit = await upload(
      client,
      token,
      deck.id,
      bigPngBytes(10 * 1024 * 1024 - 64),
      'large.png'
    )
    limit.assertStatus(200)
  })

  test('validation, archived decks and other users decks', async ({ client, assert }) => {
    const owner = await signIn()
    const other = await signIn()
    const deck = await createDeck(client, owner.token, { name: 'Deck' })
    const archived = await createDeck(client, owner.token, { name: 'Archived' })
    ;(await client.post(`/api/decks/${archived.id}/archive`).bearerToken(owner.token)).assertStatus(
      200
    )
    const before = await snapshot()

    const noFile = await client
      .post('/api/card_attachments')
      .bearerToken(owner.token)
      .field('deck_id', String(deck.id))
    noFile.assertStatus(422)
    assert.equal(noFile.body().errors[0].field, 'file')
    const noDeck = await client
      .post('/api/card_attachments')
      .bearerToken(owner.token)
      .file('file', pngBytes(), { filename: 'a.png' })
    noDeck.assertStatus(422)
    assert.equal(noDeck.body().errors[0].field, 'deck_id')
    const toArchived = await upload(client, owner.token, archived.id, pngBytes(), 'a.png')
    toArchived.assertStatus(409)
    assertErrorBody(assert, toArchived.body(), 'E_DECK_ARCHIVED')
    const foreign = await upload(client, other.token, deck.id, pngBytes(), 'a.png')
    foreign.assertStatus(404)
    assertErrorBody(assert, foreign.body(), 'E_NOT_FOUND')
    const anonymous = await client
      .post('/api/card_attachments')
      .field('deck_id', String(deck.id))
      .file('file', pngBytes(), { filename: 'a.png' })
    anonymous.assertStatus(401)
    assertErrorBody(assert, anonymous.body(), 'E_UNAUTHORIZED')
    assert.deepEqual(await snapshot(), before)
  })
})
