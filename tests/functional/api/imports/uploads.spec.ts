import { test } from '@japa/runner'
import { request as httpRequest } from 'node:http'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { appUrl } from '#config/app'
import { signIn } from '#tests/support/content'
import { driveFiles, holdings, importFile, upload, waitForImport } from './support.js'

const CSV = 'front,back\nla casa,the house\n"el perro, grande",the big dog\n'

test.group('API deck imports: uploads', (group) => {
  group.each.setup(() => resetState())

  test('a CSV becomes a deck through the job, named after the file', async ({ client, assert }) => {
    const { user, token } = await signIn()
    const done = await importFile(client, token, Buffer.from(CSV), 'Spanish words.csv')
    assert.equal(done.status, 'done', JSON.stringify(done))
    assert.include(done.counts, { notes: 2, cards: 2 })
    const deck = await db.from('decks').where('id', done.deckId).first()
    assert.equal(deck.name, 'Spanish words')
    assert.equal(deck.state, 'active')
    assert.equal(deck.source, 'imported_csv')
    const notes = await db.from('notes').where('deck_id', deck.id).orderBy('id')
    assert.deepEqual(
      notes.map((note) => note.fields),
      [
        { Front: 'la casa', Back: 'the house' },
        { Front: 'el perro, grande', Back: 'the big dog' },
      ]
    )
    const list = await client.get('/api/deck_imports').bearerToken(token)
    assert.equal(list.body().imports[0].id, done.id)
    assert.include(await holdings(user.id), { decks: 1, notes: 2, cards: 2 })
  })

  test('pasted-text separators from the upload form: semicolon between cards, a custom one between sides', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const done = await importFile(
      client,
      token,
      Buffer.from('gato - cat;perro - dog;casa - house'),
      'quizlet.txt',
      {
        card_separator: 'semicolon',
        field_separator: ' - ',
      }
    )
    assert.equal(done.status, 'done', JSON.stringify(done))
    const notes = await db.from('notes').where('deck_id', done.deckId).orderBy('id')
    assert.deepEqual(
      notes.map((note) => [note.fields.Front, note.fields.Back]),
      [
        ['gato', 'cat'],
        ['perro', 'dog'],
        ['casa', 'house'],
      ]
    )
  })

  test('rows missing a side are reported by line, the others imported', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const done = await importFile(
      client,
      token,
      Buffer.from('one\tuno\ntwo\n\tthree\nfour\tcuatro\n'),
      'numbers.txt'
    )
    assert.equal(done.status, 'done', JSON.stringify(done))
    assert.equal(done.counts.notes, 2)
    assert.sameDeepMembers(
      done.warnings.filter((warning: any) => warning.line),
      [
        { line: 2, message: 'no_back' },
        { line: 3, message: 'no_front' },
      ]
    )
  })

  test('a deck over the 3000-card limit is split into numbered subdecks, not cut, and the import says so', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const rows = Array.from({ length: 3005 }, (_, index) => `word ${index}\tmeaning ${index}`).join(
      '\n'
    )
    const done = await importFile(client, token, Buffer.from(rows), 'Big list.txt')
    assert.equal(done.status, 'done', JSON.stringify(done).slice(0, 300))
    assert.include(done.counts, { notes: 3005, cards: 3005, decks: 1 })
    const decks = await db.from('decks').where('user_id', user.id).orderBy('id')
    assert.deepEqual(
      decks.map((deck) => deck.name),
      ['Big list', 'Big list (2)']
    )
    assert.equal(decks[1].parent_id, decks[0].id)
    const perDeck = async (id: number) =>
      Number((await db.from('cards').where('deck_id', id).count('* as n').first()).n)
    assert.deepEqual([await perDeck(decks[0].id), await perDeck(decks[1].id)], [3000, 5])
    assert.deepInclude(done.warnings, { message: 'split:Big list:2' })
  })

  test('an unsupported format, an empty file and two files are refused at once and leave nothing', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const before = { ...(await holdings(user.id)), files: await driveFiles() }
    const wrong = await upload(client, token, Buffer.from('MZ\x90\x00'), 'setup.exe')
    wrong.assertStatus(422)
    assertErrorBody(assert, wrong.body(), 'E_UNSUPPORTED_FORMAT')
    const empty = await upload(client, token, Buffer.alloc(0), 'empty.csv')
    empty.assertStatus(422)
    assertErrorBody(assert, empty.body(), 'E_EMPTY_FILE')
    const two = await client
      .post('/api/deck_imports')
      .bearerToken(token)
      .file('file', Buffer.from(CSV), { filename: 'a.csv' })
      .file('file2', Buffer.from(CSV), { filename: 'b.csv' })
    two.assertStatus(422)
    assertErrorBody(assert, two.body(), 'E_ONE_FILE_ONLY')
    assert.deepEqual({ ...(await holdings(user.id)), files: await driveFiles() }, before)
    assert.equal(Number((await db.from('deck_imports').count('* as n').first()).n), 0)
  })

  test('a file over 500 MB is refused from its declared size, before the upload is read', async ({
    assert,
  }) => {
    const { token } = await signIn()
    const url = new URL(`${appUrl}/api/deck_imports`)
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          hostname: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            'authorization': `Bearer ${token}`,
            'accept': 'application/json',
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(600 * 1024 * 1024),
          },
        },
        (response) => {
          let body = ''
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () => resolve({ status: response.statusCode!, body }))
        }
      )
      request.on('error', reject)
      /* a few bytes only: the server must answer without waiting for the rest */
      request.write('--x\r\n')
      setTimeout(() => request.destroy(), 10_000)
    })
    assert.equal(answer.status, 413)
    assert.equal(JSON.parse(answer.body).code, 'E_FILE_TOO_BIG')
  })

  test('another learner cannot see, retry or cancel an import', async ({ client, assert }) => {
    const owner = await signIn()
    const done = await importFile(client, owner.token, Buffer.from(CSV), 'mine.csv')
    const other = await signIn()
    for (const response of [
      await client.get(`/api/deck_imports/${done.id}`).bearerToken(other.token),
      await client.post(`/api/deck_imports/${done.id}/retry`).bearerToken(other.token),
      await client.delete(`/api/deck_imports/${done.id}`).bearerToken(other.token),
    ]) {
      assert.equal(response.status(), 404, response.text())
    }
    const list = await client.get('/api/deck_imports').bearerToken(other.token)
    assert.deepEqual(list.body().imports, [])
    assert.isNotNull(await db.from('decks').where('id', done.deckId).first())
    const anonymous = await client.get('/api/deck_imports')
    anonymous.assertStatus(401)
  })

  test('cancel removes the deck and the file; retry starts again with the same file', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const { withQueuePaused } = await import('#tests/support/content')
    const files = await driveFiles()
    const started = await withQueuePaused(async () => {
      const response = await upload(client, token, Buffer.from(CSV), 'paused.csv')
      response.assertStatus(202)
      /* while the job waits the deck shows the import in the poll */
      const poll = await client.get('/api/decks/polling').bearerToken(token)
      assert.include(
        poll.body().decks.map((deck: any) => `${deck.id}:${deck.state}`),
        `${response.body().deckId}:notes_importing`
      )
      const cancelled = await client
        .delete(`/api/deck_imports/${response.body().id}`)
        .bearerToken(token)
      cancelled.assertStatus(200)
      assert.equal(cancelled.body().status, 'cancelled')
      return response.body()
    })
    assert.isNull(await db.from('decks').where('id', started.deckId).first())
    assert.deepEqual(await driveFiles(), files)
    const retry = await client.post(`/api/deck_imports/${started.id}/retry`).bearerToken(token)
    retry.assertStatus(409)

    const failedFirst = await withQueuePaused(async () =>
      (await upload(client, token, Buffer.from(CSV), 'again.csv')).body()
    )
    /* the job of the first attempt was dropped with the paused queue: retry queues a new one */
    const retried = await client
      .post(`/api/deck_imports/${failedFirst.id}/retry`)
      .bearerToken(token)
    retried.assertStatus(202)
    const done = await waitForImport(client, token, failedFirst.id)
    assert.equal(done.status, 'done')
    assert.notEqual(done.deckId, failedFirst.deckId)
    assert.isNull(await db.from('decks').where('id', failedFirst.deckId).first())
    assert.include(await holdings(user.id), { decks: 1, notes: 2 })
  })
})
