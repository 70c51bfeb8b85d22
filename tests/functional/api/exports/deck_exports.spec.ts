import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { basicNote, createDeck, signIn } from '#tests/support/content'
import {
  download,
  exportJobIds,
  exportMail,
  parseCsv,
  requestExport,
  waitForExport,
  withQueuePaused,
} from './support.js'

const exportCount = async () =>
  Number((await db.from('deck_exports').count('* as count').first()).count)

test.group('API deck_exports', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(60_000)

  test(
    'POST answers 202 with the queued export; GET deck_exports/{id} follows it to done, with the ' +
      'mailed link',
    async ({ client, assert }) => {
      const { user, token } = await signIn({ email: 'ana@example.test' })
      const deck = await createDeck(client, token, { name: 'Spanish' })
      await basicNote(client, token, deck.id, 'gato', 'cat')

      const queued = await withQueuePaused(async () => {
        const response = await requestExport(client, token, {
          deck_id: deck.id,
          email: 'ana@example.test',
          include_progress: false,
        })
        response.assertStatus(202)
        /* while the worker cannot take it, the export stays queued, without a link */
        const shown = await client.get(`/api/deck_exports/${response.body().id}`).bearerToken(token)
        shown.assertStatus(200)
        assert.containsSubset(shown.body(), {
          status: 'queued',
          state: 'queued',
          downloadUrl: null,
          file: null,
          expiresAt: null,
        })
        return response.body()
      })
      assert.containsSubset(queued, {
        status: 'queued',
        format: 'ofc',
        deckName: 'Spanish',
        deckId: deck.id,
        includeProgress: false,
        email: 'ana@example.test',
      })
      assert.equal(queued.deck_export_id, queued.id)
      const row = await db.from('deck_exports').where('id', queued.id).firstOrFail()
      assert.equal(row.user_id, user.id)

      /* the paused queue dropped that job: a second request goes through the worker */
      const response = await requestExport(client, token, {
        deck_id: deck.id,
        email: 'ana@example.test',
      })
      response.assertStatus(202)
      const done = await waitForExport(client, token, response.body().id)
      assert.equal(done.status, 'done')
      assert.isString(done.downloadUrl)
      assert.equal(done.file, done.downloadUrl)
      assert.isAbove(done.size, 0)
      const days =
        (new Date(done.expiresAt).getTime() - new Date(done.createdAt).getTime()) / 86_400_000
      assert.approximately(days, 7, 0.01)
      const { link } = await exportMail('ana@example.test')
      assert.match(link, new RegExp(`/exports/${done.id}/download\\?`))
      /* the status's link serves the same file as the mailed one */
      const fromStatus = await download(done.downloadUrl)
      const fromMail = await download(link)
      assert.equal(fromStatus.response.status, 200)
      assert.isTrue(fromStatus.bytes.equals(fromMail.bytes))
      const stored = await db.from('deck_exports').where('id', done.id).firstOrFail()
      assert.equal(stored.storage_key, `exports/${done.id}/export.ofc`)
    }
  )

  test(
    'a deck named with accents and parentheses (a copy: "Español (copy)") exports, and downloads under its ' +
      'own name',
    async ({ client, assert }) => {
      const { token } = await signIn({ email: 'ana@example.test' })
      const deck = await createDeck(client, token, { name: 'Español (copy)' })
      await basicNote(client, token, deck.id, 'gato', 'cat')
      for (const format of ['ofc', 'csv', 'apkg']) {
        const response = await requestExport(client, token, {
          deck_id: deck.id,
          email: 'ana@example.test',
          format,
        })
        response.assertStatus(202)
        const done = await waitForExport(client, token, response.body().id)
        assert.equal(done.status, 'done', `${format}: ${done.error}`)
        const { response: served } = await download(done.downloadUrl)
        assert.equal(served.status, 200)
        assert.include(
          served.headers.get('content-disposition')!,
          `filename*=UTF-8''Espa%C3%B1ol%20%28copy%29.${format}`
        )
      }
    }
  )

  test("the e-mail defaults to the account's address", async ({ client, assert }) => {
    const { token } = await signIn({ email: 'bo@example.test' })
    const deck = await createDeck(client, token, { name: 'Words' })
    const response = await withQueuePaused(() => requestExport(client, token, { deck_id: deck.id }))
    response.assertStatus(202)
    assert.equal(response.body().email, 'bo@example.test')
  })

  test('a deck deleted before the job runs: the export fails, says why, and sends nothing', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn({ email: 'cy@example.test' })
    const deck = await createDeck(client, token, { name: 'Doomed' })
    const { getQueue } = await import('#services/queue')
    const queue = getQueue()
    await queue.pause()
    let id: number
    try {
      const response = await requestExport(client, token, { deck_id: deck.id })
      response.assertStatus(202)
      id = response.body().id
      ;(await client.delete(`/api/decks/${deck.id}`).bearerToken(token)).assertStatus(204)
    } finally {
      await queue.resume()
    }
    const failed = await waitForExport(client, token, id)
    assert.containsSubset(failed, {
      status: 'failed',
      downloadUrl: null,
      error: 'deck_deleted',
      deckName: 'Doomed',
      deckId: null,
    })
  })

  test("another user's deck is a 404, and nothing is queued", async ({ client, assert }) => {
    const owner = await signIn()
    const other = await signIn()
    const deck = await createDeck(client, owner.token, { name: 'Private' })
    const jobsBefore = await exportJobIds()
    const response = await requestExport(client, other.token, {
      deck_id: deck.id,
      email: 'x@example.test',
    })
    response.assertStatus(404)
    assertErrorBody(assert, response.body(), 'E_NOT_FOUND')
    assert.equal(await exportCount(), 0)
    assert.deepEqual(await exportJobIds(), jobsBefore)

    const missing = await requestExport(client, other.token, { deck_id: 999_999 })
    missing.assertStatus(404)
    assert.equal(await exportCount(), 0)
  })

  test("another user's export is a 404; so is an id that does not exist", async ({
    client,
    assert,
  }) => {
    const owner = await signIn()
    const other = await signIn()
    const deck = await createDeck(client, owner.token, { name: 'Mine' })
    const response = await withQueuePaused(() =>
      requestExport(client, owner.token, { deck_id: deck.id })
    )
    response.assertStatus(202)
    const stranger = await client
      .get(`/api/deck_exports/${response.body().id}`)
      .bearerToken(other.token)
    stranger.assertStatus(404)
    assertErrorBody(assert, stranger.body(), 'E_NOT_FOUND')
    ;(await client.get('/api/deck_exports/999999').bearerToken(owner.token)).assertStatus(404)
    ;(await client.get('/api/deck_exports/abc').bearerToken(owner.token)).assertStatus(404)
    ;(await client.get(`/api/deck_exports/${response.body().id}`)).assertStatus(401)
  })

  test('validation: a bad e-mail, no deck, an unknown format are 422 and queue nothing', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Deck' })
    const cases: [Record<string, unknown>, string][] = [
      [{ deck_id: deck.id, email: 'not-an-email' }, 'email'],
      [{ email: 'a@example.test' }, 'deck_id'],
      [{ deck_id: 'abc' }, 'deck_id'],
      [{ deck_id: deck.id, format: 'pdf' }, 'format'],
      [{ deck_id: deck.id, include_progress: 'maybe' }, 'include_progress'],
    ]
    for (const [body, field] of cases) {
      const response = await requestExport(client, token, body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
      assert.equal(response.body().errors[0].field, field, JSON.stringify(body))
    }
    assert.equal(await exportCount(), 0)
  })

  test(
    'at most 5 exports wait at once per user: the 6th is E_TOO_MANY_EXPORTS (429); others are not ' +
      'held back',
    async ({ client, assert }) => {
      const { token } = await signIn()
      const other = await signIn()
      const deck = await createDeck(client, token, { name: 'Busy' })
      const otherDeck = await createDeck(client, other.token, { name: 'Calm' })
      await withQueuePaused(async () => {
        for (let i = 0; i < 5; i++)
          (await requestExport(client, token, { deck_id: deck.id })).assertStatus(202)
        const refused = await requestExport(client, token, { deck_id: deck.id })
        refused.assertStatus(429)
        assertErrorBody(assert, refused.body(), 'E_TOO_MANY_EXPORTS')
        assert.include(refused.body().body, '5')
        assert.equal(await exportCount(), 5)
        ;(await requestExport(client, other.token, { deck_id: otherDeck.id })).assertStatus(202)
      })
      /* finished or failed exports no longer count */
      await db.from('deck_exports').update({ status: 'done' })
      await withQueuePaused(async () => {
        ;(await requestExport(client, token, { deck_id: deck.id })).assertStatus(202)
      })
    }
  )

  test('GET deck_exports/csv/{id}: the CSV of the deck and its subdecks at once; 404 for another user', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const other = await signIn()
    const deck = await createDeck(client, token, { name: 'Français & co' })
    const sub = await createDeck(client, token, { name: 'Verbes', parent_id: deck.id })
    await basicNote(client, token, deck.id, 'chat', 'cat, the animal')
    await basicNote(client, token, sub.id, 'manger', 'to "eat"')

    const response = await client.get(`/api/deck_exports/csv/${deck.id}`).bearerToken(token)
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'text/csv; charset=utf-8')
    const disposition = response.header('content-disposition')
    assert.include(disposition, 'attachment; filename="Francais _ co.csv"')
    assert.include(disposition, "filename*=UTF-8''Fran%C3%A7ais%20_%20co.csv")
    assert.deepEqual(parseCsv(response.text()), [
      ['front', 'back', 'tags'],
      ['chat', 'cat, the animal', ''],
      ['manger', 'to "eat"', ''],
    ])
    assert.equal(await exportCount(), 0, 'no export row: nothing is mailed')

    const stranger = await client.get(`/api/deck_exports/csv/${deck.id}`).bearerToken(other.token)
    stranger.assertStatus(404)
    assertErrorBody(assert, stranger.body(), 'E_NOT_FOUND')
    ;(await client.get(`/api/deck_exports/csv/${deck.id}`)).assertStatus(401)
  })

  test('GET deck_exports/csv/{id} streams a deck bigger than one batch, every note once, in order', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Big' })
    const basic = await db
      .from('note_types')
      .whereNull('user_id')
      .where('kind', 'basic')
      .firstOrFail()
    const { fillDeck } = await import('#tests/support/content')
    await fillDeck(user.id, deck.id, basic.id, 2_345)
    const response = await client.get(`/api/deck_exports/csv/${deck.id}`).bearerToken(token)
    response.assertStatus(200)
    const rows = parseCsv(response.text())
    assert.lengthOf(rows, 2_346)
    assert.deepEqual(rows[0], ['front', 'back', 'tags'])
    assert.deepEqual(
      rows.slice(1).map((row) => row[0]),
      Array.from({ length: 2_345 }, (_, i) => `filler ${i + 1}`)
    )
  })
})
