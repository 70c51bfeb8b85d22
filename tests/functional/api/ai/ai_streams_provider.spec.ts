import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody } from '#tests/support/helpers'
import { aiState, scriptAi } from '#tests/support/ai_server'
import {
  createDeck,
  deckRow,
  eventually,
  freeTier,
  notesOf,
  signIn,
  waitForStream,
  aiDoubleGroup,
} from './support.js'
import { templateIds } from '#tests/support/content'

/*
 * AI streams through the worker process with a provider configured: the
 * real adapter (OpenAI's API as the double speaks it) in the worker, the
 * double scripted from here. Cancelling is checked on the double's side
 * too: the provider call is hung up.
 */
test.group('API AI streams: a provider through the worker', (group) => {
  aiDoubleGroup(group)

  test("a topic streams to the end: the provider's cards become notes, the prompt count goes down", async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const created = await client.post('/api/notes/ai_stream_create').bearerToken(token).json({
      deck_id: null,
      deck_name: 'Capitals',
      folder_id: null,
      card_format: 'mixed',
      detail_level: 'brief',
      custom_prompt: 'Short answers',
      user_prompt: 'European capitals',
    })
    created.assertStatus(201)
    assert.equal(created.body().activeProvider, 'openai')
    const done = await waitForStream(client, token, created.body().streamId)
    assert.equal(done.status, 'done', JSON.stringify(done.error))
    assert.equal(done.provider, 'openai')
    assert.equal(done.count, 3)
    const notes = await notesOf(done.deckId)
    assert.deepEqual(
      notes.map((note) => note.fields.Front ?? note.fields.Text),
      [
        'What is the capital of France?',
        'What is the capital of Italy?',
        '{{c1::Madrid}} is the capital of Spain.',
      ]
    )
    assert.equal((await freeTier(user.id)).prompt, 4)
    assert.equal((await deckRow(done.deckId)).source, 'created_ai_prompt')
    /* the prompt reached the provider */
    const sent = JSON.stringify(aiState.calls[0].body)
    assert.include(sent, 'European capitals')
    assert.include(sent, 'Short answers')
  })

  test("while it runs the deck is ai_notes_generation (the poll's aiStreaming) and cannot be edited", async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Busy' })
    scriptAi({ endless: true, everyMs: 40 })
    const created = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({ deck_id: deck.id, user_prompt: 'Numbers' })
    const streamId = created.body().streamId
    await waitForStream(client, token, streamId, (body) => body.count >= 1)
    const poll = await client.get('/api/decks/polling').bearerToken(token)
    assert.deepInclude(
      poll.body().decks.map((entry: any) => ({
        id: entry.id,
        state: entry.state,
        processingState: entry.processingState,
        streamId: entry.streamId,
      })),
      {
        id: deck.id,
        state: 'ai_notes_generation',
        processingState: 'aiStreaming',
        streamId,
      }
    )
    const { basic } = await templateIds(client, token)
    const add = await client
      .post('/api/notes')
      .bearerToken(token)
      .json({ note: { deck_id: deck.id, template_id: basic, fields: { Front: 'a', Back: 'b' } } })
    add.assertStatus(409)
    assertErrorBody(assert, add.body(), 'E_DECK_PROCESSING')
    const second = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({ deck_id: deck.id, user_prompt: 'More' })
    second.assertStatus(409)
    const cancelled = await client
      .delete('/api/notes/cancel_stream')
      .qs({ stream_id: streamId })
      .bearerToken(token)
    cancelled.assertStatus(200)
  })

  test(
    'cancelled midway without deleting: the provider call is hung up, the notes made stay, no ' +
      'note comes after',
    async ({ client, assert }) => {
      const { user, token } = await signIn()
      scriptAi({ endless: true, everyMs: 40 })
      const created = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(token)
        .json({ user_prompt: 'Numbers', card_format: 'basic' })
      const streamId = created.body().streamId
      await waitForStream(client, token, streamId, (body) => body.count >= 3)
      const cancel = await client
        .delete('/api/notes/cancel_stream')
        .qs({ stream_id: streamId, delete_notes: false })
        .bearerToken(token)
      cancel.assertStatus(200)
      assert.equal(cancel.body().status, 'cancelled')
      assert.equal(cancel.body().deletedNotes, 0)
      const kept = cancel.body().count
      assert.isAtLeast(kept, 3)
      await eventually(() => aiState.hangUps >= 1, 'the worker hangs up on the provider')
      /* a save after the cancel sees it (both lock the stream's row): the count the cancel answered is final */
      const deckId = cancel.body().deckId
      assert.lengthOf(await notesOf(deckId), kept)
      const status = await client
        .get('/api/notes/stream_status')
        .qs({ stream_id: streamId })
        .bearerToken(token)
      assert.equal(status.body().status, 'cancelled')
      assert.equal(status.body().count, kept)
      assert.lengthOf(status.body().notes, kept)
      const deck = await deckRow(deckId)
      assert.equal(deck.state, 'active')
      assert.include(deck.processing, { count: kept })
      /* notes were made: the generation stays counted */
      assert.equal((await freeTier(user.id)).prompt, 4)
    }
  )

  test('cancelled midway with delete_notes: the notes it made are gone, the deck is empty and usable', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Kept deck' })
    const { basic } = await templateIds(client, token)
    const own = await client
      .post('/api/notes')
      .bearerToken(token)
      .json({
        note: { deck_id: deck.id, template_id: basic, fields: { Front: 'mine', Back: 'kept' } },
      })
    own.assertStatus(201)
    scriptAi({ endless: true, everyMs: 40 })
    const created = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({ deck_id: deck.id, user_prompt: 'Numbers' })
    const streamId = created.body().streamId
    await waitForStream(client, token, streamId, (body) => body.count >= 2)
    const cancel = await client
      .delete('/api/notes/cancel_stream')
      .qs({ stream_id: streamId, delete_notes: true })
      .bearerToken(token)
    cancel.assertStatus(200)
    assert.equal(cancel.body().status, 'cancelled')
    assert.isAtLeast(cancel.body().deletedNotes, 2)
    assert.deepEqual(cancel.body().notes, [])
    await eventually(() => aiState.hangUps >= 1, 'the worker hangs up on the provider')
    const notes = await notesOf(deck.id)
    assert.deepEqual(
      notes.map((note) => note.fields.Front),
      ['mine']
    )
    assert.lengthOf(await db.from('cards').where('deck_id', deck.id), 1)
    assert.equal((await deckRow(deck.id)).state, 'active')
    const add = await client
      .post('/api/notes')
      .bearerToken(token)
      .json({
        note: { deck_id: deck.id, template_id: basic, fields: { Front: 'after', Back: 'x' } },
      })
    add.assertStatus(201)
  })

  test(
    "provider errors: a rate limit and a server error fail the stream with the catalogue's codes and give " +
      'the free count back',
    async ({ client, assert }) => {
      const { user, token } = await signIn()
      scriptAi({ status: 429 }, { status: 429 })
      const limited = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(token)
        .json({ user_prompt: 'Anything' })
      const first = await waitForStream(client, token, limited.body().streamId)
      assert.equal(first.status, 'failed')
      assert.deepEqual(first.error, { code: 'E_AI_RATE_LIMITED' })
      assert.equal(first.count, 0)
      assert.equal((await deckRow(first.deckId)).state, 'active')

      scriptAi({ status: 500 }, { status: 500 })
      const broken = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(token)
        .json({ user_prompt: 'Anything' })
      const second = await waitForStream(client, token, broken.body().streamId)
      assert.equal(second.status, 'failed')
      assert.deepEqual(second.error, { code: 'E_AI_PROVIDER' })
      assert.equal((await freeTier(user.id)).prompt, 5)
    }
  )

  test('a provider failing mid-stream: the notes made before stay, the stream says it failed', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    scriptAi({
      midStream: true,
      cards: [
        { kind: 'basic', front: 'One?', back: '1' },
        { kind: 'basic', front: 'Two?', back: '2' },
      ],
    })
    const created = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({ user_prompt: 'Numbers' })
    const done = await waitForStream(client, token, created.body().streamId)
    assert.equal(done.status, 'failed')
    assert.equal(done.error.code, 'E_AI_PROVIDER')
    assert.deepEqual(
      (await notesOf(done.deckId)).map((note) => note.fields.Front),
      ['One?', 'Two?']
    )
  })

  test('ai_bulk_create with a provider: bare words are translated by it', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    scriptAi({
      cards: [
        { kind: 'basic', front: 'Haus', back: 'house' },
        { kind: 'basic', front: 'Hund', back: 'dog' },
      ],
    })
    const response = await client.post('/api/notes/ai_bulk_create').bearerToken(token).json({
      deck_id: null,
      folder_id: null,
      user_prompt: 'Haus\nHund',
      card_format: 'basic',
      cards_amount: 2,
      translation_from: 'de',
      translation_to: 'en',
    })
    response.assertStatus(201)
    const done = await waitForStream(client, token, response.body().streamId)
    assert.equal(done.status, 'done')
    assert.deepEqual(
      (await notesOf(done.deckId)).map((note) => `${note.fields.Front}=${note.fields.Back}`),
      ['Haus=house', 'Hund=dog']
    )
    assert.equal((await freeTier(user.id)).cardBuilder, 4)
    const sent = JSON.stringify(aiState.calls[0].body)
    assert.include(sent, 'Haus')
  })
})
