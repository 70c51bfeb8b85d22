import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { bigPngBytes, createDeck, pngBytes, signIn, wavBytes } from '#tests/support/content'

const MB = 1024 * 1024

/* what the spec's client sends to its upload URL: JSON {base64_file, …extra fields}, the bearer token */
function uploadJson(client: any, token: string, body: Record<string, unknown>) {
  return client.post('/api/card_attachments').bearerToken(token).json(body)
}

test.group('API card_attachments: the spec upload, base64 in JSON', (group) => {
  group.each.setup(() => resetState())

  test('{base64_file, deck_id} stores the image: 200 {id, type, url}, the bytes sniffed, not named', async ({
    client,
    assert,
  }) => {
    const { token, user } = await signIn()
    const deck = await createDeck(client, token, { name: 'Anatomy' })
    const png = pngBytes()
    const response = await uploadJson(client, token, {
      base64_file: png.toString('base64'),
      deck_id: deck.id,
      file_name: 'heart.jpg',
    })
    response.assertStatus(200)
    assert.properties(response.body(), ['id', 'type', 'url'])
    assert.equal(response.body().type, 'image')
    const stored = await db.from('media').where('id', response.body().id).first()
    assert.equal(stored.user_id, user.id)
    assert.equal(stored.deck_id, deck.id)
    assert.equal(stored.mime, 'image/png')
    assert.match(stored.key, /\.png$/)
    const url = new URL(response.body().url, 'http://localhost')
    const served = await client.get(url.pathname + url.search).bearerToken(token)
    served.assertStatus(200)
    assert.equal(served.header('content-type'), 'image/png')
  })

  test('a data: URL and a sound work too', async ({ client, assert }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Listening' })
    const image = await uploadJson(client, token, {
      base64_file: `data:image/png;base64,${pngBytes().toString('base64')}`,
      deck_id: deck.id,
    })
    image.assertStatus(200)
    assert.equal(image.body().type, 'image')
    const sound = await uploadJson(client, token, {
      base64_file: wavBytes().toString('base64'),
      deck_id: deck.id,
    })
    sound.assertStatus(200)
    assert.equal(sound.body().type, 'audio')
  })

  test('10 MB is counted on the decoded bytes: 8 MB (10.7 MB of base64) passes, 10 MB + 1 is 422', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Big' })
    const eight = await uploadJson(client, token, {
      base64_file: bigPngBytes(8 * MB).toString('base64'),
      deck_id: deck.id,
    })
    eight.assertStatus(200)
    const over = await uploadJson(client, token, {
      base64_file: bigPngBytes(10 * MB + 1).toString('base64'),
      deck_id: deck.id,
    })
    over.assertStatus(422)
    assertErrorBody(assert, over.body(), 'E_IMAGE_TOO_BIG')
    assert.equal(over.body().errors[0].field, 'base64_file')
    assert.equal(
      await db
        .from('media')
        .count('* as n')
        .first()
        .then((row) => Number(row.n)),
      1
    )
  })

  test('bad base64, bytes of no accepted type, a missing field: clear 422s, nothing stored', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Deck' })
    for (const bad of ['not base64 at all!', 'data:image/png;base64,@@@@', 'A']) {
      const response = await uploadJson(client, token, { base64_file: bad, deck_id: deck.id })
      response.assertStatus(422)
      assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
      assert.equal(response.body().errors[0].field, 'base64_file')
      assert.equal(response.body().title, 'The file is not valid base64')
    }
    const html = await uploadJson(client, token, {
      base64_file: Buffer.from('<html><body>hi</body></html>').toString('base64'),
      deck_id: deck.id,
    })
    html.assertStatus(422)
    assertErrorBody(assert, html.body(), 'E_UNSUPPORTED_MEDIA')
    const missing = await uploadJson(client, token, { deck_id: deck.id })
    missing.assertStatus(422)
    assert.equal(missing.body().errors[0].field, 'base64_file')
    const noDeck = await uploadJson(client, token, { base64_file: pngBytes().toString('base64') })
    noDeck.assertStatus(422)
    assert.equal(noDeck.body().errors[0].field, 'deck_id')
    assert.lengthOf(await db.from('media'), 0)
  })
})
