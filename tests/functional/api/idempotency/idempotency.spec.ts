import { test } from '@japa/runner'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { SCHEDULES, dispatch } from '#services/queue'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { basicNote, createDeck, signIn, templateIds } from '#tests/support/content'
import { eventually } from '#tests/support/eventually'
import { UNSPLASH_TEST_KEY } from '#tests/support/unsplash_server'

/*
 * Issue 31, "retries that never double": the apps retry a POST on a network
 * error, when the first may have landed. Sent with an Idempotency-Key, the
 * same request again answers the first answer (status and body) and
 * creates nothing more; the key with another body is 422; the key is the
 * user's (or, signing up, the client's) for 24 hours.
 */
type World = { client: ApiClient; token: string; userId: number; deckId: number; basic: number }
type Case = {
  call: string
  /** the spec's body (other: false), or another one */
  send: (world: World, other: boolean) => ApiRequest
  /** the rows the call creates */
  count: (world: World) => Promise<number>
  /** signed out (a sign-up) */
  signedOut?: boolean
  /** how many rows the first request creates (1 unless said) */
  creates?: number
}

const rows = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await db.from(table).where(where).count('* as n').first()).n)
const owned = (table: string) => (world: World) => rows(table, { user_id: world.userId })

const CASES: Case[] = [
  {
    call: 'POST decks',
    send: ({ client }, other) =>
      client.post('/api/decks').json({ deck: { name: other ? 'Chemistry' : 'Biology' } }),
    count: owned('decks'),
  },
  {
    call: 'POST folders',
    send: ({ client }, other) =>
      client
        .post('/api/folders')
        .json({ name: other ? 'Other' : 'Exams', color: 'violet', emoji_utf_16: '📚' }),
    count: owned('folders'),
  },
  {
    call: 'POST notes',
    send: ({ client, deckId, basic }, other) =>
      client.post('/api/notes').json({
        note: {
          deck_id: deckId,
          template_id: basic,
          fields: { Front: other ? 'perro' : 'gato', Back: 'cat' },
        },
      }),
    count: owned('notes'),
  },
  {
    call: 'POST notes/bulk_create',
    send: ({ client, deckId }, other) =>
      client.post('/api/notes/bulk_create').json({
        deck_id: deckId,
        import_data: [
          { front: 'a', back: 'b' },
          { front: other ? 'e' : 'c', back: 'd' },
        ],
      }),
    count: owned('notes'),
    creates: 2,
  },
  {
    call: 'POST deck_exports',
    send: ({ client, deckId }, other) =>
      client
        .post('/api/deck_exports')
        .json({ deck_id: deckId, email: 'ana@example.test', include_progress: other }),
    count: owned('deck_exports'),
  },
  {
    call: 'POST deck_imports',
    send: ({ client }, other) =>
      client
        .post('/api/deck_imports')
        .file('file', Buffer.from(other ? 'uno,one\ndos,two\n' : 'uno,one\n'), {
          filename: 'numbers.csv',
        }),
    count: owned('deck_imports'),
  },
  {
    call: 'POST decks/{id}/duplicate',
    send: ({ client, deckId }, other) =>
      client.post(`/api/decks/${deckId}/duplicate`).json({ keep_progress: other }),
    count: owned('decks'),
  },
  {
    call: 'POST ai_note_templates',
    send: ({ client }, other) =>
      client.post('/api/ai_note_templates').json({
        name: other ? 'Greek roots' : 'Latin roots',
        prompt: 'Add the root of the word to the back.',
      }),
    count: owned('ai_note_templates'),
  },
  {
    call: 'POST app_ratings.json',
    send: ({ client }, other) =>
      client
        .post('/api/app_ratings.json')
        .json({ feedback_type: 'its_okay', text: other ? 'Slow' : 'Good', prefix: 'onboarding' }),
    count: owned('app_ratings'),
  },
  {
    call: 'POST authentication/register_with_email_and_pass',
    signedOut: true,
    send: ({ client }, other) =>
      client.post('/api/authentication/register_with_email_and_pass').json({
        user: { email: other ? 'eva@example.test' : 'new@example.test', password: 'long-enough-1' },
      }),
    count: () => rows('users'),
  },
  {
    call: 'POST authentication/register_without_email',
    signedOut: true,
    send: ({ client }, other) =>
      client
        .post('/api/authentication/register_without_email')
        .json({ experiments: { paywall: other ? 'a' : 'b' } }),
    count: () => rows('users'),
  },
]

async function setUp(client: ApiClient): Promise<World> {
  const { user, token } = await signIn({ email: 'ana@example.test' })
  const deck = await createDeck(client, token, { name: 'Spanish' })
  await basicNote(client, token, deck.id, 'casa', 'house')
  const { basic } = await templateIds(client, token)
  return { client, token, userId: user.id, deckId: deck.id, basic }
}

function sent(testCase: Case, at: World, key: string, other = false) {
  const request = testCase.send(at, other).header('Idempotency-Key', key)
  return testCase.signedOut ? request : request.bearerToken(at.token)
}

test.group('API idempotency: every creating POST of the spec, sent twice', (group) => {
  group.each.setup(() => resetState())

  test('{call}: the same key replays the first answer, another body is 422')
    .with(CASES)
    .run(async ({ client, assert }, testCase) => {
      const at = await setUp(client)
      const before = await testCase.count(at)
      const after = before + (testCase.creates ?? 1)
      const first = await sent(testCase, at, 'key-1')
      assert.isBelow(first.status(), 300, first.text())
      const second = await sent(testCase, at, 'key-1')
      assert.equal(second.status(), first.status())
      assert.deepEqual(second.body(), first.body(), 'the first answer again')
      assert.equal(second.header('idempotent-replayed'), 'true')
      assert.isUndefined(first.header('idempotent-replayed'))
      assert.equal(await testCase.count(at), after, 'created once')

      const other = await sent(testCase, at, 'key-1', true)
      other.assertStatus(422)
      assertErrorBody(assert, other.body(), 'E_IDEMPOTENCY_KEY_REUSED')
      assert.equal(other.body().errors[0].field, 'Idempotency-Key')
      assert.equal(await testCase.count(at), after, 'nothing created for another body')
    })
    .timeout(60_000)
})

const postDeck = (client: ApiClient, token: string, key: string, name = 'Biology') =>
  client
    .post('/api/decks')
    .bearerToken(token)
    .header('Idempotency-Key', key)
    .json({ deck: { name } })

test.group('API idempotency: the key', (group) => {
  group.each.setup(() => resetState())

  test('is the user’s: another user with the same key and body creates their own', async ({
    client,
    assert,
  }) => {
    const ana = await signIn({ email: 'ana@example.test' })
    const eva = await signIn({ email: 'eva@example.test' })
    const mine = await postDeck(client, ana.token, 'shared-key')
    const theirs = await postDeck(client, eva.token, 'shared-key')
    mine.assertStatus(201)
    theirs.assertStatus(201)
    assert.notEqual(theirs.body().id, mine.body().id)
    assert.isUndefined(theirs.header('idempotent-replayed'))
    assert.equal(await rows('decks', { user_id: eva.user.id }), 1)
    assert.equal(await rows('decks', { user_id: ana.user.id }), 1)
  })

  test('the same body with its keys in another order is the same request', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const folder = (body: string) =>
      client
        .post('/api/folders')
        .bearerToken(token)
        .header('Idempotency-Key', 'folder-key')
        .json(JSON.parse(body))
    const first = await folder('{"name": "Exams", "color": "violet"}')
    const again = await folder('{"color": "violet", "name": "Exams"}')
    first.assertStatus(201)
    assert.equal(again.header('idempotent-replayed'), 'true')
    assert.deepEqual(again.body(), first.body())
    assert.equal(await rows('folders', { user_id: user.id }), 1)
  })

  test('means nothing after 24 hours: the request runs again', async ({ client, assert }) => {
    const { user, token } = await signIn()
    const first = await postDeck(client, token, 'old-key')
    await db.from('idempotency_keys').update({ created_at: db.raw("now() - interval '25 hours'") })
    const again = await postDeck(client, token, 'old-key')
    again.assertStatus(201)
    assert.notEqual(again.body().id, first.body().id)
    assert.isUndefined(again.header('idempotent-replayed'))
    assert.equal(await rows('decks', { user_id: user.id }), 2)
  })

  test('keys past 24 hours are pruned by the scheduled job', async ({ client, assert }) => {
    assert.deepInclude(
      SCHEDULES,
      { name: 'prune_idempotency_keys', everyMs: 60 * 60 * 1000 },
      'the worker runs it on its own, hourly'
    )
    const { token } = await signIn()
    await postDeck(client, token, 'old-key')
    await postDeck(client, token, 'new-key', 'Chemistry')
    await db
      .from('idempotency_keys')
      .where('key', 'old-key')
      .update({ created_at: db.raw("now() - interval '25 hours'") })
    await dispatch('prune_idempotency_keys', {})
    await eventually(async () => {
      const keys = await db.from('idempotency_keys').select('key')
      return keys.length === 1 && keys[0].key === 'new-key'
    }, 'the prune')
  })

  test('while the first request still runs, the same key is 409 and nothing runs twice', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    await postDeck(client, token, 'busy-key')
    /* as the row stands while the first request runs: claimed, no answer yet */
    await db.from('idempotency_keys').update({ status: null, reply: null })
    const again = await postDeck(client, token, 'busy-key')
    again.assertStatus(409)
    assertErrorBody(assert, again.body(), 'E_IDEMPOTENT_REQUEST_IN_FLIGHT')
    assert.equal(again.header('retry-after'), '1')
    assert.equal(await rows('decks', { user_id: user.id }), 1)
  })

  test('is at most 255 characters: a longer one is 422 and nothing is created', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const long = await postDeck(client, token, 'k'.repeat(256))
    long.assertStatus(422)
    assertErrorBody(assert, long.body(), 'E_IDEMPOTENCY_KEY_INVALID')
    assert.equal(long.body().errors[0].field, 'Idempotency-Key')
    assert.equal(await rows('decks', { user_id: user.id }), 0)
    ;(await postDeck(client, token, 'k'.repeat(255))).assertStatus(201)
  })

  test('a 5xx is not kept: the same key may be sent again and runs', async ({ client, assert }) => {
    const { token } = await signIn()
    const ping = () =>
      client
        .post('/api/images/mark_download')
        .bearerToken(token)
        .header('Idempotency-Key', 'ping-key')
        .json({ id: 'Ph0to-apple' })
    env.set('UNSPLASH_ACCESS_KEY', '')
    try {
      ;(await ping()).assertStatus(503)
    } finally {
      env.set('UNSPLASH_ACCESS_KEY', UNSPLASH_TEST_KEY)
    }
    assert.equal(await rows('idempotency_keys'), 0)
    const again = await ping()
    assert.notEqual(again.status(), 503)
    assert.isUndefined(again.header('idempotent-replayed'))
  })

  test('the OpenAPI document declares the header on every POST of the API', async ({
    client,
    assert,
  }) => {
    const document = (await client.get('/api/openapi.json')).body()
    const posts = Object.entries<Record<string, any>>(document.paths).filter(
      ([path, item]) => item.post && path !== '/webhooks/stripe'
    )
    assert.isAbove(posts.length, 40)
    for (const [path, item] of posts) {
      const header = (item.post.parameters ?? []).find(
        (parameter: any) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'
      )
      assert.exists(header, `POST ${path} declares Idempotency-Key`)
      assert.equal(header.schema.maxLength, 255)
    }
  })
})
