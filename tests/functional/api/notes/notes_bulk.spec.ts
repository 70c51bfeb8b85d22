import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import {
  cardCount,
  createDeck,
  createNote,
  expectStatus,
  fillDeck,
  getDeck,
  listNotes,
  noteIdsOf,
  setProgress,
  signIn,
  snapshot,
  templateIds,
  unstickJobs,
  waitForJobs,
} from '#tests/support/content'

async function setup(client: any) {
  const session = await signIn()
  const ids = await templateIds(client, session.token)
  const deck = await createDeck(client, session.token, { name: 'Deck' })
  const sub = await createDeck(client, session.token, { name: 'Sub', parent_id: deck.id })
  const note = (deckId: number, Front: string, extra: Record<string, unknown> = {}) =>
    createNote(client, session.token, {
      deck_id: deckId,
      template_id: ids.basic,
      fields: { Front, Back: `${Front} back` },
      ...extra,
    })
  const a = await note(deck.id, 'alpha')
  const b = await note(deck.id, 'beta', { reverse: true })
  const c = await note(sub.id, 'gamma')
  const cloze = await createNote(client, session.token, {
    deck_id: deck.id,
    template_id: ids.cloze,
    fields: { Text: '{{c1::delta}} {{c2::epsilon}}' },
  })
  return { ...session, ids, deck, sub, a, b, c, cloze }
}

const idsOf = (body: any) =>
  body.notes.map((note: any) => note.id).sort((x: number, y: number) => x - y)

test.group('API notes bulk: destroy, freeze, duplicate, reset', (group) => {
  group.each.setup(() => resetState())

  test('DELETE notes/bulk_destroy with ids removes those notes and their cards', async ({
    client,
    assert,
  }) => {
    const { token, deck, a, b, c, cloze } = await setup(client)
    const response = await client
      .delete('/api/notes/bulk_destroy')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [a.id, c.id] })
    response.assertStatus(200)
    assert.deepEqual(response.body(), { count: 2, processing: false })
    for (const id of [a.id, c.id])
      (await client.get(`/api/notes/${id}`).bearerToken(token)).assertStatus(404)
    assert.deepEqual(idsOf(await listNotes(client, token, { deck_id: deck.id })), [b.id, cloze.id])
    assert.equal((await getDeck(client, token, deck.id)).totalCardsCount, 4)
  })

  test('bulk_destroy with select_all empties the deck and its subdecks only', async ({
    client,
    assert,
  }) => {
    const { token, deck, sub } = await setup(client)
    const other = await createDeck(client, token, { name: 'Other' })
    const { basic } = await templateIds(client, token)
    const kept = await createNote(client, token, {
      deck_id: other.id,
      template_id: basic,
      fields: { Front: 'keep' },
    })
    const response = await client
      .delete('/api/notes/bulk_destroy')
      .bearerToken(token)
      .json({ deck_id: deck.id, select_all: true })
    response.assertStatus(200)
    assert.equal(response.body().count, 4)
    assert.equal((await listNotes(client, token, { deck_id: deck.id })).total, 0)
    assert.equal(await cardCount(deck.id), 0)
    assert.equal(await cardCount(sub.id), 0)
    ;(await client.get(`/api/notes/${kept.id}`).bearerToken(token)).assertStatus(200)
  })

  test('bulk_freeze and bulk_unfreeze change frozenCardsCount and the frozen filter', async ({
    client,
    assert,
  }) => {
    const { token, deck, sub, a, b, c } = await setup(client)
    const frozen = await client
      .post('/api/notes/bulk_freeze')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [b.id, c.id] })
    frozen.assertStatus(200)
    assert.deepEqual(frozen.body(), { count: 2, processing: false })
    const root = await getDeck(client, token, deck.id)
    assert.equal(root.frozenCardsCount, 3, 'b has two cards, c one')
    assert.equal(root.newCardsCount, 3)
    assert.equal((await getDeck(client, token, sub.id)).frozenCardsCount, 1)
    assert.deepEqual(idsOf(await listNotes(client, token, { deck_id: deck.id, frozen: true })), [
      b.id,
      c.id,
    ])
    assert.isTrue((await client.get(`/api/notes/${b.id}`).bearerToken(token)).body().isFrozen)
    assert.isFalse((await client.get(`/api/notes/${a.id}`).bearerToken(token)).body().isFrozen)

    const unfrozen = await client
      .post('/api/notes/bulk_unfreeze')
      .bearerToken(token)
      .json({ deck_id: deck.id, select_all: true })
    unfrozen.assertStatus(200)
    assert.equal((await getDeck(client, token, deck.id)).frozenCardsCount, 0)
    assert.equal((await getDeck(client, token, deck.id)).newCardsCount, 6)
    assert.equal((await listNotes(client, token, { deck_id: deck.id, frozen: true })).total, 0)
  })

  test('bulk_duplicate copies notes next to their originals, with new ids and guids', async ({
    client,
    assert,
  }) => {
    const { token, deck, sub, a, b, c } = await setup(client)
    const response = await client
      .post('/api/notes/bulk_duplicate')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [a.id, b.id, c.id] })
    response.assertStatus(200)
    assert.deepEqual(response.body(), { count: 3, processing: false })
    const inRoot = await db
      .from('notes')
      .where('deck_id', deck.id)
      .orderBy('id')
      .select('id', 'guid', 'fields', 'is_reversed')
    const copies = inRoot.filter(
      (row) => ![a.id, b.id].includes(row.id) && ['alpha', 'beta'].includes(row.fields.Front)
    )
    assert.lengthOf(copies, 2)
    const guids = (await db.from('notes').whereIn('id', [a.id, b.id, c.id]).select('guid')).map(
      (row) => row.guid
    )
    for (const copy of copies) assert.notInclude(guids, copy.guid)
    assert.isTrue(copies.find((copy) => copy.fields.Front === 'beta')!.is_reversed)
    const subNotes = await db.from('notes').where('deck_id', sub.id).select('fields')
    assert.deepEqual(
      subNotes.map((row) => row.fields.Front),
      ['gamma', 'gamma']
    )
    assert.equal((await getDeck(client, token, deck.id)).totalCardsCount, 10)
  })

  test('bulk_action reset_progress and freeze act on the selection only', async ({
    client,
    assert,
  }) => {
    const { token, user, deck, a, b, c } = await setup(client)
    await setProgress(user.id, a.id, { state: 'review', dueAt: new Date(Date.now() + 86_400_000) })
    await setProgress(user.id, c.id, { state: 'learning', dueAt: new Date(Date.now() + 60_000) })
    const freeze = await client
      .post('/api/notes/bulk_action')
      .bearerToken(token)
      .json({ deck_id: deck.id, note_ids: [b.id], bulk_action: 'freeze' })
    freeze.assertStatus(200)
    assert.equal((await getDeck(client, token, deck.id)).frozenCardsCount, 2)

    const reset = await client
      .post('/api/notes/bulk_action')
      .bearerToken(token)
      .json({ deck_id: deck.id, note_ids: [a.id, b.id], bulk_action: 'reset_progress' })
    reset.assertStatus(200)
    assert.equal(reset.body().count, 2)
    const after = await getDeck(client, token, deck.id)
    assert.equal(after.frozenCardsCount, 0)
    assert.equal(after.learningCardsCount, 1, 'c keeps its progress')
    assert.equal(
      (await client.get(`/api/notes/${a.id}`).bearerToken(token)).body().learningState,
      'new'
    )
    assert.equal(
      (await client.get(`/api/notes/${c.id}`).bearerToken(token)).body().learningState,
      'learning'
    )
  })

  test('a selection naming a note of another deck is a 404 for the whole call; bad selections are 422', async ({
    client,
    assert,
  }) => {
    const { token, deck, sub, a, c } = await setup(client)
    const other = await createDeck(client, token, { name: 'Other' })
    const { basic } = await templateIds(client, token)
    const outside = await createNote(client, token, {
      deck_id: other.id,
      template_id: basic,
      fields: { Front: 'outside' },
    })
    const before = await snapshot()
    for (const [path, method, extra] of [
      ['/api/notes/bulk_destroy', 'delete', {}],
      ['/api/notes/bulk_freeze', 'post', {}],
      ['/api/notes/bulk_unfreeze', 'post', {}],
      ['/api/notes/bulk_duplicate', 'post', {}],
      ['/api/notes/bulk_move', 'post', { destination_deck_id: other.id }],
      ['/api/notes/bulk_action', 'post', { bulk_action: 'reverse' }],
      ['/api/notes/bulk_action', 'post', { bulk_action: 'reset_progress' }],
    ] as const) {
      const response = await (client as any)
        [method](path)
        .bearerToken(token)
        .json({ deck_id: deck.id, ids: [a.id, outside.id], ...extra })
      response.assertStatus(404)
      assertErrorBody(assert, response.body(), 'E_NOT_FOUND')
    }
    /* a note of the parent deck is outside a subdeck's selection */
    const fromSub = await client
      .delete('/api/notes/bulk_destroy')
      .bearerToken(token)
      .json({ deck_id: sub.id, ids: [c.id, a.id] })
    fromSub.assertStatus(404)

    const noIds = await client
      .post('/api/notes/bulk_freeze')
      .bearerToken(token)
      .json({ deck_id: deck.id })
    noIds.assertStatus(422)
    assert.equal(noIds.body().errors[0].field, 'ids')
    const noAction = await client
      .post('/api/notes/bulk_action')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [a.id] })
    noAction.assertStatus(422)
    assert.equal(noAction.body().errors[0].field, 'bulk_action')
    const unknownAction = await client
      .post('/api/notes/bulk_action')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [a.id], bulk_action: 'explode' })
    unknownAction.assertStatus(422)
    assert.equal(unknownAction.body().errors[0].field, 'bulk_action')
    const noDestination = await client
      .post('/api/notes/bulk_move')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [a.id] })
    noDestination.assertStatus(422)
    assert.equal(noDestination.body().errors[0].field, 'destination_deck_id')
    const noDeck = await client
      .post('/api/notes/bulk_freeze')
      .bearerToken(token)
      .json({ ids: [a.id] })
    noDeck.assertStatus(422)
    assert.equal(noDeck.body().errors[0].field, 'deck_id')
    assert.deepEqual(await snapshot(), before)
  })

  test('bulk calls on an archived deck (or into one) are refused with E_DECK_ARCHIVED', async ({
    client,
    assert,
  }) => {
    const { token, deck, a } = await setup(client)
    const archive = await createDeck(client, token, { name: 'Archive' })
    ;(await client.post(`/api/decks/${archive.id}/archive`).bearerToken(token)).assertStatus(200)
    const into = await client
      .post('/api/notes/bulk_move')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [a.id], destination_deck_id: archive.id })
    into.assertStatus(409)
    assertErrorBody(assert, into.body(), 'E_DECK_ARCHIVED')
    ;(await client.post(`/api/decks/${deck.id}/archive`).bearerToken(token)).assertStatus(200)
    const before = await snapshot()
    for (const [path, method] of [
      ['/api/notes/bulk_destroy', 'delete'],
      ['/api/notes/bulk_freeze', 'post'],
      ['/api/notes/bulk_duplicate', 'post'],
    ] as const) {
      const response = await (client as any)
        [method](path)
        .bearerToken(token)
        .json({ deck_id: deck.id, ids: [a.id] })
      response.assertStatus(409)
      assertErrorBody(assert, response.body(), 'E_DECK_ARCHIVED')
    }
    assert.deepEqual(await snapshot(), before)
  })
  test('bulk_move, bulk_duplicate and reverse respect the 3000-card limit and change nothing', async ({
    client,
    assert,
  }) => {
    const { token, user, ids, deck, a, b } = await setup(client)
    const full = await createDeck(client, token, { name: 'Full' })
    await fillDeck(user.id, full.id, ids.basic, 2999)
    const fillers = (
      await db.from('notes').where('deck_id', full.id).orderBy('id').limit(2).select('id')
    ).map((row) => row.id)
    const before = await snapshot()
    const calls = [
      [
        'bulk_move',
        client
          .post('/api/notes/bulk_move')
          .json({ deck_id: deck.id, ids: [a.id, b.id], destination_deck_id: full.id }),
      ],
      [
        'bulk_duplicate',
        client.post('/api/notes/bulk_duplicate').json({ deck_id: full.id, ids: fillers }),
      ],
      [
        'reverse',
        client
          .post('/api/notes/bulk_action')
          .json({ deck_id: full.id, ids: fillers, bulk_action: 'reverse' }),
      ],
    ] as const
    for (const [name, call] of calls) {
      const response = await call.bearerToken(token)
      expectStatus(assert, response, 422, name)
      assertErrorBody(assert, response.body(), 'E_CARDS_LIMIT_REACHED')
    }
    assert.deepEqual(await snapshot(), before)
    assert.deepEqual((await client.get('/api/decks/polling').bearerToken(token)).body().decks, [])
  })
})

test.group('API notes bulk: jobs (move, reverse)', (group) => {
  group.each.setup(() => resetState())
  group.each.teardown(() => unstickJobs())

  test('bulk_move moves the notes (and cards) to the destination in a job; same preset keeps progress', async ({
    client,
    assert,
  }) => {
    const { token, deck, a, b, c, cloze } = await setup(client)
    const destination = await createDeck(client, token, { name: 'Destination' })
    await client
      .post('/api/notes/bulk_freeze')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [b.id] })

    const response = await client
      .post('/api/notes/bulk_move')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [a.id, b.id], destination_deck_id: destination.id })
    response.assertStatus(202)
    assert.deepEqual(response.body(), { count: 2, processing: true })
    await waitForJobs(client, token, [deck.id])

    assert.deepEqual(idsOf(await listNotes(client, token, { deck_id: destination.id })), [
      a.id,
      b.id,
    ])
    assert.deepEqual(idsOf(await listNotes(client, token, { deck_id: deck.id })), [c.id, cloze.id])
    assert.equal(await cardCount(destination.id), 3)
    const moved = await getDeck(client, token, destination.id)
    assert.equal(moved.totalCardsCount, 3)
    assert.equal(moved.frozenCardsCount, 2, 'the frozen reversed note stays frozen')
    assert.equal((await getDeck(client, token, deck.id)).state, 'active')
    const note = await client.get(`/api/notes/${b.id}`).bearerToken(token)
    assert.equal(note.body().deckId, destination.id)
    assert.equal(note.body().rootDeckId, destination.id)
  })

  test('bulk_move to a deck of another algorithm preset resets the progress of the moved notes', async ({
    client,
    assert,
  }) => {
    const { token, user, deck, a, b } = await setup(client)
    const destination = await createDeck(client, token, { name: 'Languages' })
    const destinationSub = await createDeck(client, token, {
      name: 'Vocabulary',
      parent_id: destination.id,
    })
    /* the algorithm settings call comes later: the preset is set on the root deck directly */
    await db
      .from('decks')
      .whereIn('id', [destination.id, destinationSub.id])
      .update({ algorithm_preset: 'languages' })
    await client
      .post('/api/notes/bulk_freeze')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [b.id] })
    await setProgress(user.id, a.id, { state: 'review', dueAt: new Date(Date.now() + 86_400_000) })

    const response = await client
      .post('/api/notes/bulk_move')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [a.id, b.id], destination_deck_id: destinationSub.id })
    response.assertStatus(202)
    await waitForJobs(client, token, [deck.id])
    const moved = await getDeck(client, token, destinationSub.id)
    assert.equal(moved.totalCardsCount, 3)
    assert.equal(moved.frozenCardsCount, 0)
    assert.equal(moved.newCardsCount, 3)
    assert.equal(
      (await client.get(`/api/notes/${a.id}`).bearerToken(token)).body().learningState,
      'new'
    )
  })

  test('bulk_move with select_all, via bulk_action move too', async ({ client, assert }) => {
    const { token, deck, sub, c } = await setup(client)
    const destination = await createDeck(client, token, { name: 'Destination' })
    const response = await client.post('/api/notes/bulk_action').bearerToken(token).json({
      deck_id: sub.id,
      select_all: true,
      bulk_action: 'move',
      destination_deck_id: destination.id,
    })
    response.assertStatus(202)
    await waitForJobs(client, token, [sub.id])
    assert.deepEqual(idsOf(await listNotes(client, token, { deck_id: destination.id })), [c.id])
    assert.equal((await listNotes(client, token, { deck_id: sub.id })).total, 0)
    assert.equal((await listNotes(client, token, { deck_id: deck.id })).total, 3)
  })

  test(
    'bulk_action reverse adds the reversed card of standard notes, unreverse removes it; cloze is ' +
      'left alone',
    async ({ client, assert }) => {
      const { token, deck, a, b, c, cloze } = await setup(client)
      const reverse = await client
        .post('/api/notes/bulk_action')
        .bearerToken(token)
        .json({ deck_id: deck.id, note_ids: [a.id, c.id, cloze.id], bulk_action: 'reverse' })
      reverse.assertStatus(202)
      assert.equal(reverse.body().count, 2)
      assert.isTrue(reverse.body().processing)
      await waitForJobs(client, token, [deck.id])
      for (const id of [a.id, c.id]) {
        const note = (await client.get(`/api/notes/${id}`).bearerToken(token)).body()
        assert.isTrue(note.isReversed)
        assert.equal(note.numberOfCards, 2)
        assert.deepEqual(note.label, { type: 'reversed' })
      }
      const clozeAfter = (await client.get(`/api/notes/${cloze.id}`).bearerToken(token)).body()
      assert.isFalse(clozeAfter.isReversed)
      assert.equal(clozeAfter.numberOfCards, 2)
      assert.equal((await getDeck(client, token, deck.id)).totalCardsCount, 8)

      const unreverse = await client
        .post('/api/notes/bulk_action')
        .bearerToken(token)
        .json({ deck_id: deck.id, note_ids: [a.id, b.id], bulk_action: 'unreverse' })
      unreverse.assertStatus(202)
      await waitForJobs(client, token, [deck.id])
      for (const id of [a.id, b.id]) {
        const note = (await client.get(`/api/notes/${id}`).bearerToken(token)).body()
        assert.isFalse(note.isReversed)
        assert.equal(note.numberOfCards, 1)
      }
      assert.isTrue((await client.get(`/api/notes/${c.id}`).bearerToken(token)).body().isReversed)
      assert.equal((await getDeck(client, token, deck.id)).totalCardsCount, 6)
      assert.deepEqual(await noteIdsOf(deck.id), [a.id, b.id, c.id, cloze.id])
    }
  )

  test('a deck a job holds refuses edits until the job is done', async ({ client, assert }) => {
    const { token, deck, ids } = await setup(client)
    /* the state a running job leaves on the deck */
    await db
      .from('decks')
      .where('id', deck.id)
      .update({
        state: 'notes_moving',
        processing: JSON.stringify({ total: 1, processed: 0, previousState: 'active' }),
      })
    const before = await snapshot()
    const note = await client
      .post('/api/notes')
      .bearerToken(token)
      .json({ note: { deck_id: deck.id, template_id: ids.basic, fields: { Front: 'x' } } })
    note.assertStatus(409)
    assertErrorBody(assert, note.body(), 'E_DECK_PROCESSING')
    const freeze = await client
      .post('/api/notes/bulk_freeze')
      .bearerToken(token)
      .json({ deck_id: deck.id, select_all: true })
    freeze.assertStatus(409)
    assertErrorBody(assert, freeze.body(), 'E_DECK_PROCESSING')
    assert.deepEqual(await snapshot(), before)
  })
})
