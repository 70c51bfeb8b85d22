import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type { ApiResponse } from '@japa/api-client'
import { resetState } from '#tests/support/helpers'
import {
  conformanceProblems,
  responseSchema,
  type OpenApiDocument,
} from '#tests/support/openapi_conformance'
import {
  basicNote,
  createDeck,
  createFolder,
  createNote,
  signIn,
  templateIds,
} from '#tests/support/content'
import { importFile } from './imports/support.js'
import { requestExport, waitForExport } from './exports/support.js'

/*
 * The OpenAPI document against the real answers of the real endpoints: every
 * field an answer has is described with its type, every field the document
 * requires is there, nested objects too (tests/support/openapi_conformance.ts).
 * A failure lists each drift by its JSON path.
 */
let document: OpenApiDocument

async function loadDocument(client: ApiClient) {
  const response = await client.get('/api/openapi.json')
  response.assertStatus(200)
  return response.body() as OpenApiDocument
}

/** The answer has the status, and its body is what the document says for it (drifts of array items told once). */
function conforms(
  assert: any,
  method: string,
  path: string,
  response: ApiResponse,
  status: number
) {
  assert.equal(response.status(), status, `${method} ${path}: ${response.text().slice(0, 300)}`)
  const problems = conformanceProblems(
    document,
    responseSchema(document, method, path, status),
    response.body()
  )
  const drifts = [
    ...new Set(
      problems.map((problem) => `${method} ${path} ${status} ${problem.replace(/\[\d+\]/g, '[]')}`)
    ),
  ]
  assert.deepEqual(drifts, [], `${method} ${path} ${status} differs from /api/openapi.json`)
}

test.group('OpenAPI document: the answers are what it says', (group) => {
  group.each.setup(async () => {
    await resetState()
  })

  test('users: sign-up, sign-in, users/me, PUT users/{id}, auth providers, token check', async ({
    client,
    assert,
  }) => {
    document = await loadDocument(client)
    const guest = await client
      .post('/api/authentication/register_without_email')
      .json({ experiments: { paywall: 'b' } })
    conforms(assert, 'POST', '/authentication/register_without_email', guest, 201)
    const member = await client
      .post('/api/authentication/register_with_email_and_pass')
      .json({ user: { email: 'ana@example.test', password: 'long-enough-1' } })
    conforms(assert, 'POST', '/authentication/register_with_email_and_pass', member, 201)
    const signedIn = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email', user: { email: 'ana@example.test', password: 'long-enough-1' } })
    conforms(assert, 'POST', '/authentication/login_with_provider', signedIn, 200)
    const token = signedIn.body().token
    conforms(assert, 'GET', '/users/me', await client.get('/api/users/me').bearerToken(token), 200)
    const id = signedIn.body().user.id
    conforms(
      assert,
      'PUT',
      '/users/{id}',
      await client.put(`/api/users/${id}`).bearerToken(token).json({ timezone_offset: 60 }),
      200
    )
    conforms(
      assert,
      'GET',
      '/auth_providers',
      await client.get('/api/auth_providers').bearerToken(token),
      200
    )
    conforms(
      assert,
      'POST',
      '/tokens/validate',
      await client.post('/api/tokens/validate').bearerToken(token),
      200
    )
    /* the error bodies */
    conforms(
      assert,
      'POST',
      '/authentication/register_with_email_and_pass',
      await client
        .post('/api/authentication/register_with_email_and_pass')
        .json({ user: { email: 'x' } }),
      422
    )
    conforms(assert, 'GET', '/users/me', await client.get('/api/users/me'), 401)
  })

  test('decks and folders: the deck list, one deck with nested children, polling, light list, archived', async ({
    client,
    assert,
  }) => {
    document = await loadDocument(client)
    const { token } = await signIn()
    const folder = await createFolder(client, token, {
      name: 'Languages',
      color: 'green',
      emoji_utf_16: '🌍',
    })
    const root = await createDeck(client, token, { name: 'Spanish', folder_id: folder.id })
    const sub = await createDeck(client, token, { name: 'Verbs', parent_id: root.id })
    await createDeck(client, token, { name: 'Irregular', parent_id: sub.id })
    await basicNote(client, token, sub.id, 'hablar', 'to speak')

    const list = await client.get('/api/decks').bearerToken(token)
    conforms(assert, 'GET', '/decks', list, 200)
    const shown = await client.get(`/api/decks/${root.id}`).bearerToken(token)
    conforms(assert, 'GET', '/decks/{id}', shown, 200)
    assert.isNotEmpty(shown.body().children[0].children, 'the nested children were checked too')
    conforms(
      assert,
      'POST',
      '/decks',
      await client
        .post('/api/decks')
        .bearerToken(token)
        .json({ deck: { name: 'French', parent_id: null, folder_id: null, source: 'manually' } }),
      201
    )
    conforms(
      assert,
      'PUT',
      '/decks/{id}',
      await client
        .put(`/api/decks/${root.id}`)
        .bearerToken(token)
        .json({ deck: { name: 'Spanish A1' } }),
      200
    )
    conforms(
      assert,
      'GET',
      '/decks/polling',
      await client.get('/api/decks/polling').bearerToken(token),
      200
    )
    conforms(
      assert,
      'GET',
      '/decks/light_collection',
      await client.get('/api/decks/light_collection').bearerToken(token),
      200
    )
    conforms(
      assert,
      'POST',
      '/decks/move_deck',
      await client
        .post('/api/decks/move_deck')
        .bearerToken(token)
        .qs({ deck_id: sub.id, parent_deck_id: root.id }),
      200
    )
    conforms(
      assert,
      'POST',
      '/decks/{id}/archive',
      await client.post(`/api/decks/${root.id}/archive`).bearerToken(token),
      200
    )
    conforms(
      assert,
      'GET',
      '/decks/archived',
      await client.get('/api/decks/archived').bearerToken(token),
      200
    )
    conforms(
      assert,
      'POST',
      '/decks/{id}/restore',
      await client.post(`/api/decks/${root.id}/restore`).bearerToken(token),
      200
    )
    conforms(assert, 'GET', '/folders', await client.get('/api/folders').bearerToken(token), 200)
    conforms(
      assert,
      'GET',
      '/folders/{id}',
      await client.get(`/api/folders/${folder.id}`).bearerToken(token),
      200
    )
    conforms(
      assert,
      'POST',
      '/folders',
      await client.post('/api/folders').bearerToken(token).json({ name: 'Science' }),
      201
    )
    conforms(
      assert,
      'GET',
      '/decks/{id}',
      await client.get('/api/decks/999999').bearerToken(token),
      404
    )
  })

  test('notes: list, create, show, update, cards, preview', async ({ client, assert }) => {
    document = await loadDocument(client)
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Biology' })
    const { basic, cloze } = await templateIds(client, token)
    const created = await client
      .post('/api/notes')
      .bearerToken(token)
      .json({
        note: {
          template_id: basic,
          deck_id: deck.id,
          fields: { Front: 'Cell', Back: 'Unit of life' },
          reverse: true,
        },
      })
    conforms(assert, 'POST', '/notes', created, 201)
    await createNote(client, token, {
      deck_id: deck.id,
      template_id: cloze,
      fields: { Text: 'The {{c1::mitochondria}} is the {{c2::powerhouse}}' },
    })
    conforms(
      assert,
      'GET',
      '/notes',
      await client.get('/api/notes').bearerToken(token).qs({ deck_id: deck.id }),
      200
    )
    conforms(
      assert,
      'GET',
      '/notes/{id}',
      await client.get(`/api/notes/${created.body().id}`).bearerToken(token),
      200
    )
    conforms(
      assert,
      'PUT',
      '/notes/{id}',
      await client
        .put(`/api/notes/${created.body().id}`)
        .bearerToken(token)
        .json({ note: { fields: { Front: 'Cell', Back: 'The unit of life' } } }),
      200
    )
    conforms(
      assert,
      'GET',
      '/notes/cards',
      await client
        .get('/api/notes/cards')
        .bearerToken(token)
        .qs({ deck_id: deck.id, ids: String(created.body().id) }),
      200
    )
    /* the card search language, in every deck; a malformed search's 422 carries where and what */
    conforms(
      assert,
      'GET',
      '/notes',
      await client
        .get('/api/notes')
        .bearerToken(token)
        .qs({ search: 'deck:Biology -is:suspended' }),
      200
    )
    conforms(
      assert,
      'GET',
      '/notes/cards',
      await client
        .get('/api/notes/cards')
        .bearerToken(token)
        .qs({ search: 'cell or mitochondria' }),
      200
    )
    conforms(
      assert,
      'GET',
      '/notes/cards',
      await client.get('/api/notes/cards').bearerToken(token).qs({ search: '(cell' }),
      422
    )
    conforms(
      assert,
      'POST',
      '/notes/preview',
      await client
        .post('/api/notes/preview')
        .bearerToken(token)
        .json({
          note: { template_id: basic, deck_id: deck.id, fields: { Front: 'a', Back: 'b' } },
        }),
      200
    )
    conforms(
      assert,
      'POST',
      '/notes',
      await client
        .post('/api/notes')
        .bearerToken(token)
        .json({ note: { template_id: basic, deck_id: deck.id, fields: {} } }),
      422
    )
  })

  test('learning: start, cards, answer, undo, the card sheet, algorithm settings', async ({
    client,
    assert,
  }) => {
    document = await loadDocument(client)
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Study' })
    for (let i = 1; i <= 3; i++)
      await basicNote(client, token, deck.id, `Question ${i}`, `Answer ${i}`)

    const started = await client
      .get('/api/v2/learning/start')
      .bearerToken(token)
      .qs({ deck_id: deck.id, learn_session_start_timestamp: Date.now() })
    conforms(assert, 'GET', '/v2/learning/start', started, 200)
    const card = started.body().card
    conforms(
      assert,
      'GET',
      '/v2/learning/cards',
      await client
        .get('/api/v2/learning/cards')
        .bearerToken(token)
        .qs({ deck_id: deck.id, limit: 7, learn_session_start_timestamp: Date.now() }),
      200
    )
    conforms(
      assert,
      'GET',
      '/learning/cards',
      await client.get('/api/learning/cards').bearerToken(token).qs({ deck_id: deck.id }),
      200
    )
    const answered = await client.post('/api/v2/learning/answer').bearerToken(token).json({
      deck_id: deck.id,
      card_id: card.id,
      answer: 'good',
      review_duration_ms: 3000,
      version: card.version,
    })
    conforms(assert, 'POST', '/v2/learning/answer', answered, 200)
    /* the spec's own body, without version */
    const second = (
      await client
        .get('/api/v2/learning/cards')
        .bearerToken(token)
        .qs({ deck_id: deck.id, exclude_ids: [card.id] })
    ).body().cards[0]
    conforms(
      assert,
      'POST',
      '/v2/learning/answer',
      await client
        .post('/api/v2/learning/answer')
        .bearerToken(token)
        .json({ deck_id: deck.id, card_id: second.id, answer: 'again', review_duration_ms: 2500 }),
      200
    )
    const removed = await client
      .delete(`/api/cards/${second.id}/suspend`)
      .bearerToken(token)
      .qs({ deck_id: deck.id })
    conforms(assert, 'DELETE', '/cards/{id}/suspend', removed, 200)
    conforms(
      assert,
      'POST',
      '/notes/bulk_action',
      await client
        .post('/api/notes/bulk_action')
        .bearerToken(token)
        .json({ bulk_action: 'unsuspend', note_ids: [removed.body().noteId], deck_id: deck.id }),
      200
    )
    conforms(
      assert,
      'GET',
      '/cards/{id}/stats',
      await client.get(`/api/cards/${card.id}/stats`).bearerToken(token),
      200
    )
    conforms(
      assert,
      'DELETE',
      '/learning/undo',
      await client.delete('/api/learning/undo').bearerToken(token).qs({ deck_id: deck.id }),
      200
    )
    conforms(
      assert,
      'GET',
      '/algorithm_settings/{deckId}',
      await client.get(`/api/algorithm_settings/${deck.id}`).bearerToken(token),
      200
    )
    const settings = await client
      .put(`/api/algorithm_settings/${deck.id}`)
      .bearerToken(token)
      .json({
        algorithm_preset: 'custom',
        steps_in_minutes: '1 15',
        easy_bonus_percent: 0,
        interval_modifier_percent: 0,
        max_interval_minutes: 0,
      })
    conforms(assert, 'PUT', '/algorithm_settings/{deckId}', settings, 200)
  })

  test('imports and exports', async ({ client, assert }) => {
    document = await loadDocument(client)
    const { token } = await signIn()
    const uploaded = await client
      .post('/api/deck_imports')
      .bearerToken(token)
      .file('file', Buffer.from('front,back\nuno,one\n'), { filename: 'numbers.csv' })
    conforms(assert, 'POST', '/deck_imports', uploaded, 202)
    const done = await importFile(client, token, Buffer.from('uno\tone\ndos\n'), 'words.txt')
    conforms(
      assert,
      'GET',
      '/deck_imports/{id}',
      await client.get(`/api/deck_imports/${done.id}`).bearerToken(token),
      200
    )
    conforms(
      assert,
      'GET',
      '/deck_imports',
      await client.get('/api/deck_imports').bearerToken(token),
      200
    )
    conforms(
      assert,
      'POST',
      '/deck_imports',
      await client
        .post('/api/deck_imports')
        .bearerToken(token)
        .file('file', Buffer.from('MZ'), { filename: 'a.apkg' }),
      422
    )

    const exported = await requestExport(client, token, {
      deck_id: done.deckId,
      include_progress: true,
    })
    conforms(assert, 'POST', '/deck_exports', exported, 202)
    await waitForExport(client, token, exported.body().id)
    conforms(
      assert,
      'GET',
      '/deck_exports/{id}',
      await client.get(`/api/deck_exports/${exported.body().id}`).bearerToken(token),
      200
    )
  })

  test('streaks, statistics and the year in review', async ({ client, assert }) => {
    document = await loadDocument(client)
    const { token } = await signIn()
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
    conforms(
      assert,
      'GET',
      '/streaks',
      await client
        .get('/api/streaks')
        .bearerToken(token)
        .qs({ start_date: day(30), end_date: day(0) }),
      200
    )
    conforms(
      assert,
      'POST',
      '/streaks/current_day_streak_shown',
      await client.post('/api/streaks/current_day_streak_shown').bearerToken(token),
      200
    )
    conforms(
      assert,
      'GET',
      '/statistics',
      await client.get('/api/statistics').bearerToken(token),
      200
    )
    conforms(
      assert,
      'GET',
      '/users/wrapped',
      await client.get('/api/users/wrapped').bearerToken(token),
      200
    )
  })
})
