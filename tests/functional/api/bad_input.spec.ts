import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signedIn } from '#tests/support/web_session'
import { basicNote, createDeck, createFolder, pngBytes, signIn } from '#tests/support/content'
import { upload } from './imports/support.js'

/*
 * Input the fuzz test (tests/functional/route_fuzz.spec.ts) found to answer
 * 500, each pinned here with the answer it gets now: text no column can hold,
 * integers past PostgreSQL's range, ids no parser should let through, and
 * bodies that are not JSON objects.
 */
const NUL = 'a\u0000b'
const LONE = 'x\ud800y'

const count = async (table: string) => Number((await db.from(table).count('* as n').first()).n)

test.group('Bad input: text no column can hold is a 422 naming its field', (group) => {
  group.each.setup(() => resetState())

  test('a NUL or a lone surrogate in {field} is refused before anything is written')
    .with([
      {
        field: 'deck.name',
        request: () => ['post', '/api/decks'],
        body: (bad: string) => ({ deck: { name: bad } }),
      },
      {
        field: 'deck.emoji',
        request: (t: any) => ['put', `/api/decks/${t.deck}`],
        body: (bad: string) => ({ deck: { emoji: bad } }),
      },
      {
        field: 'deck.font_settings.phone.fontFamily',
        request: (t: any) => ['put', `/api/decks/${t.deck}`],
        body: (bad: string) => ({
          deck: { font_settings: { phone: { fontFamily: bad, size: 20, alignment: 'left' } } },
        }),
      },
      {
        field: 'name',
        request: () => ['post', '/api/folders'],
        body: (bad: string) => ({ name: bad }),
      },
      {
        field: 'note.fields.Front',
        request: (t: any) => ['put', `/api/notes/${t.note}`],
        body: (bad: string) => ({ note: { fields: { Front: bad, Back: 'x' } } }),
      },
      {
        field: 'user.about',
        request: (t: any) => ['put', `/api/users/${t.user}`],
        body: (bad: string) => ({ user: { about: bad } }),
      },
      {
        field: 'experiments.onboarding',
        request: (t: any) => ['put', `/api/users/${t.user}`],
        body: (bad: string) => ({ experiments: { onboarding: bad } }),
      },
      /* an object key cannot be named: its object is */
      {
        field: 'note.fields',
        request: (t: any) => ['put', `/api/notes/${t.note}`],
        body: (bad: string) => ({ note: { fields: { [bad]: 'x' } } }),
      },
    ])
    .run(async ({ client, assert }, row) => {
      const { user, token } = await signIn()
      const deck = await createDeck(client, token, { name: 'Spanish' })
      const folder = await createFolder(client, token, { name: 'Languages' })
      const note = await basicNote(client, token, deck.id, 'hola', 'hello')
      const before = {
        decks: await count('decks'),
        folders: await count('folders'),
        notes: await count('notes'),
      }
      const target = { deck: deck.id, folder: folder.id, note: note.id, user: user.id }
      for (const bad of [NUL, LONE]) {
        const [method, url] = row.request(target)
        const response = await client[method as 'post'](url)
          .bearerToken(token)
          .header('Accept-Language', 'de')
          .json(row.body(bad))
        response.assertStatus(422)
        assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
        assert.deepEqual(response.body().errors, [
          {
            field: row.field,
            rule: 'storableText',
            message:
              'Dieser Text enthält ein Zeichen, das nicht gespeichert werden kann (ein NUL-Byte oder ' +
              'fehlerhaftes Unicode)',
          },
        ])
      }
      assert.deepEqual(
        {
          decks: await count('decks'),
          folders: await count('folders'),
          notes: await count('notes'),
        },
        before
      )
      assert.equal((await db.from('decks').where('id', deck.id).first()).name, 'Spanish')
    })

  test('e-mail fields: a lone surrogate is a 422, not a URIError', async ({ client, assert }) => {
    const register = await client.post('/api/authentication/register_with_email_and_pass').json({
      user: { email: `ana${LONE}@example.test`, password: 'correct-horse-battery', name: 'Ana' },
    })
    register.assertStatus(422)
    assert.equal(register.body().errors[0].field, 'user.email')
    const reset = await client
      .post('/api/auth/reset-password')
      .json({ email: `ana${LONE}@example.test` })
    reset.assertStatus(422)
    assert.equal(reset.body().errors[0].field, 'email')
    assert.equal(await count('users'), 0)
  })

  test('query and path parameters, and upload file names, are checked too', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Spanish' })
    const search = await client
      .get('/api/notes')
      .bearerToken(token)
      .qs({ deck_id: deck.id, query: NUL })
    search.assertStatus(422)
    assert.equal(search.body().errors[0].field, 'query')

    const reset = await client.get('/api/auth/reset-password/a%00b')
    reset.assertStatus(422)
    assert.equal(reset.body().errors[0].field, 'token')

    const attachment = await client
      .post('/api/card_attachments')
      .bearerToken(token)
      .field('deck_id', String(deck.id))
      .file('file', pngBytes(), { filename: `p${NUL}.png` })
    attachment.assertStatus(422)
    assert.equal(attachment.body().errors[0].field, 'file')
    assert.equal(await count('media'), 0)

    /* the import upload streams its own body: its file name is checked there, and nothing is kept */
    const imported = await upload(
      client,
      token,
      Buffer.from('front,back\nuno,one\n'),
      `words${NUL}.csv`
    )
    imported.assertStatus(422)
    assert.deepEqual(
      imported.body().errors.map((error: any) => [error.field, error.rule]),
      [['file', 'storableText']]
    )
    assert.equal(await count('deck_imports'), 0)
    assert.equal(await count('decks'), 1)
  })

  test('a web form with such text goes back to the form with the error next to the field', async ({
    assert,
  }) => {
    const { user, web } = await signedIn()
    await web.post('/decks', { deck: { name: 'Chemistry' } })
    const deck = await db.from('decks').where('user_id', user.id).firstOrFail()
    await web.get(`/decks/${deck.id}`)
    const response = await web.put(`/decks/${deck.id}`, { deck: { name: NUL } })
    assert.equal(response.status, 302)
    assert.match(response.location!, new RegExp(`/decks/${deck.id}$`))
    const page = await web.visit(`/decks/${deck.id}`)
    assert.deepEqual(page.props.errors, {
      'deck.name':
        'This text holds a character that cannot be stored (a NUL byte or broken Unicode)',
    })
    assert.equal((await db.from('decks').where('id', deck.id).first()).name, 'Chemistry')
  })
})

test.group('Bad input: integers have a range, ids go through the id parser', (group) => {
  group.each.setup(() => resetState())

  test("version, offset and id lists past PostgreSQL's integer are a 422 naming the field", async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Spanish' })
    const note = await basicNote(client, token, deck.id, 'hola', 'hello')
    const [card] = await db.from('cards').where('note_id', note.id)
    const answer = await client
      .post('/api/v2/learning/answer')
      .bearerToken(token)
      .json({ deck_id: deck.id, card_id: card.id, answer: 'good', version: 2 ** 31 })
    answer.assertStatus(422)
    assert.deepEqual(
      answer.body().errors.map((error: any) => [error.field, error.rule]),
      [['version', 'range']]
    )
    assert.equal(await count('review_logs'), 0)

    const page = await client
      .get('/api/notes')
      .bearerToken(token)
      .qs({ deck_id: deck.id, offset: 2 ** 31 })
    page.assertStatus(422)
    assert.equal(page.body().errors[0].field, 'offset')

    const reorder = await client
      .post('/api/decks/reorder')
      .bearerToken(token)
      .json({ deck_ids: `${deck.id},2147483648` })
    reorder.assertStatus(422)
    assert.equal(reorder.body().errors[0].field, 'deck_ids')
  })

  test('deck_imports/{id} and avatars/{id} with an id that is not one: 404 on both doors', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn()
    const { token } = await signIn()
    for (const id of ['99999999999', '1.5', '1e20', 'Infinity']) {
      for (const [method, url] of [
        ['get', `/api/deck_imports/${id}`],
        ['post', `/api/deck_imports/${id}/retry`],
        ['delete', `/api/deck_imports/${id}`],
      ] as const) {
        const response = await client[method](url).bearerToken(token)
        response.assertStatus(404)
        assertErrorBody(assert, response.body(), 'E_NOT_FOUND')
      }
    }
    assert.equal((await web.get('/deck_imports/99999999999')).status, 404)
    assert.equal((await web.get('/avatars/99999999999')).status, 404)
    assert.equal((await web.get(`/avatars/${user.id}`)).status, 404, 'a learner without an avatar')
  })
})

test.group('Bad input: a body that is not a JSON object', (group) => {
  group.each.setup(() => resetState())

  test('{label} is a 422 that says the body must be a JSON object')
    .with([
      { label: 'null', body: 'null' },
      { label: 'a string', body: '"Spanish"' },
      { label: 'a number', body: '42' },
      { label: 'XML', body: '<?xml version="1.0"?><deck><name>Spanish</name></deck>' },
      { label: 'broken JSON', body: '{"deck": {"name": "Spanish"' },
    ])
    .run(async ({ assert }, row) => {
      const { token } = await signIn()
      const response = await fetch(`http://${process.env.HOST}:${process.env.PORT}/api/decks`, {
        method: 'POST',
        headers: {
          'authorization': `Bearer ${token}`,
          'content-type': 'application/json',
          'accept': 'application/json',
          'accept-language': 'fr',
        },
        body: row.body,
      })
      assert.equal(response.status, 422)
      const body = await response.json()
      assert.deepEqual(body, {
        title: 'Le corps de la requête doit être un objet JSON',
        code: 'E_INVALID_BODY',
        errors: [
          {
            field: '',
            rule: 'E_INVALID_BODY',
            message: 'Le corps de la requête doit être un objet JSON',
          },
        ],
      })
      assert.equal(await count('decks'), 0)
    })
})

test.group('Bad input: an Inertia visit after a deploy', (group) => {
  group.each.setup(() => resetState())

  test('is sent back to its URL as the client wrote it, also when the decoded path holds a newline', async ({
    assert,
  }) => {
    /* before: the answer could not be written (a newline in a header) and the request hung without one */
    const response = await fetch(
      `http://${process.env.HOST}:${process.env.PORT}/reset-password/a%0Ab?x=%C3%A9`,
      {
        headers: { 'x-inertia': 'true', 'x-inertia-version': 'an-old-build' },
        signal: AbortSignal.timeout(10_000),
      }
    )
    assert.equal(response.status, 409)
    assert.equal(response.headers.get('x-inertia-location'), '/reset-password/a%0Ab?x=%C3%A9')
  })
})
