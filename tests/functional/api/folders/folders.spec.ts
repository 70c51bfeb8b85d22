import { test } from '@japa/runner'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import {
  createDeck,
  createFolder,
  expectStatus,
  getDeck,
  signIn,
  snapshot,
} from '#tests/support/content'

const PALETTE = ['grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'violet', 'pink']

test.group('API folders', (group) => {
  group.each.setup(() => resetState())

  test('POST folders creates a folder: name required, color from the palette, no emoji by default', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const response = await client
      .post('/api/folders')
      .bearerToken(token)
      .json({ name: '  Exams  ', color: 'violet', emoji_utf_16: '📚' })
    response.assertStatus(201)
    assert.properties(response.body(), ['id', 'name', 'color', 'emojiUtf16', 'decks'])
    assert.deepInclude(response.body(), {
      name: 'Exams',
      color: 'violet',
      emojiUtf16: '📚',
      decks: [],
    })

    const plain = await client.post('/api/folders').bearerToken(token).json({ name: 'Plain' })
    plain.assertStatus(201)
    assert.include(PALETTE, plain.body().color)
    assert.isNull(plain.body().emojiUtf16)
    const emptyEmoji = await client
      .post('/api/folders')
      .bearerToken(token)
      .json({ name: 'No emoji', emoji_utf_16: '' })
    emptyEmoji.assertStatus(201)
    assert.isNull(emptyEmoji.body().emojiUtf16)
    const nullEmoji = await client
      .post('/api/folders')
      .bearerToken(token)
      .json({ name: 'Null emoji', emoji_utf_16: null })
    nullEmoji.assertStatus(201)
    assert.isNull(nullEmoji.body().emojiUtf16)
  })

  test('POST folders: validation names the field and creates nothing', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const before = await snapshot()
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '    ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'Ok', color: 'gold' }, 'color'],
      [{ name: 'Ok', color: '#ff0000' }, 'color'],
    ] as const) {
      const response = await client.post('/api/folders').bearerToken(token).json(body)
      response.assertStatus(422)
      assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
      assert.equal(response.body().errors[0].field, field, JSON.stringify(body))
    }
    assert.deepEqual(await snapshot(), before)
  })

  test('PUT folders/{id} changes name, color and emoji; null removes the emoji', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const folder = await createFolder(client, token, {
      name: 'Start',
      color: 'red',
      emoji_utf_16: '🧪',
    })
    const renamed = await client
      .put(`/api/folders/${folder.id}`)
      .bearerToken(token)
      .json({ name: 'Renamed' })
    renamed.assertStatus(200)
    assert.deepInclude(renamed.body(), {
      id: folder.id,
      name: 'Renamed',
      color: 'red',
      emojiUtf16: '🧪',
    })
    const recolored = await client
      .put(`/api/folders/${folder.id}`)
      .bearerToken(token)
      .json({ color: 'teal', emoji_utf_16: '🌍' })
    recolored.assertStatus(200)
    assert.deepInclude(recolored.body(), { name: 'Renamed', color: 'teal', emojiUtf16: '🌍' })
    const noEmoji = await client
      .put(`/api/folders/${folder.id}`)
      .bearerToken(token)
      .json({ emoji_utf_16: null })
    noEmoji.assertStatus(200)
    assert.isNull(noEmoji.body().emojiUtf16)
    assert.equal(noEmoji.body().color, 'teal')

    /* an empty name is refused like on create, whether sent as '' or as blanks */
    for (const name of ['   ', '']) {
      const bad = await client
        .put(`/api/folders/${folder.id}`)
        .bearerToken(token)
        .json({ name, color: 'pink' })
      expectStatus(assert, bad, 422, { name })
      assert.equal(bad.body().errors[0].field, 'name')
    }
    const badColor = await client
      .put(`/api/folders/${folder.id}`)
      .bearerToken(token)
      .json({ color: 'black' })
    badColor.assertStatus(422)
    assert.equal(badColor.body().errors[0].field, 'color')
    const shown = await client.get(`/api/folders/${folder.id}`).bearerToken(token)
    assert.deepInclude(shown.body(), { name: 'Renamed', color: 'teal', emojiUtf16: null })
  })

  test('PUT folders/{id} assign_deck_ids puts root decks in the folder', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const folder = await createFolder(client, token, { name: 'Languages' })
    const a = await createDeck(client, token, { name: 'A' })
    const b = await createDeck(client, token, { name: 'B' })
    const c = await createDeck(client, token, { name: 'C' })
    const response = await client
      .put(`/api/folders/${folder.id}`)
      .bearerToken(token)
      .json({ assign_deck_ids: [a.id, b.id] })
    response.assertStatus(200)
    assert.sameMembers(response.body().decks, [a.id, b.id])
    assert.equal((await getDeck(client, token, a.id)).folderId, folder.id)
    assert.equal((await getDeck(client, token, b.id)).folderId, folder.id)
    assert.isNull((await getDeck(client, token, c.id)).folderId)
    /* the query-string form of ids works too */
    const more = await client
      .put(`/api/folders/${folder.id}`)
      .bearerToken(token)
      .qs({ assign_deck_ids: `${c.id}` })
    more.assertStatus(200)
    assert.sameMembers(more.body().decks, [a.id, b.id, c.id])
  })

  test('assign_deck_ids: a subdeck is refused, another user deck is a 404; nothing changes', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const stranger = await signIn()
    const folder = await createFolder(client, token, { name: 'Folder', color: 'green' })
    const root = await createDeck(client, token, { name: 'Root' })
    const sub = await createDeck(client, token, { name: 'Sub', parent_id: root.id })
    const theirs = await createDeck(client, stranger.token, { name: 'Theirs' })
    const before = await snapshot()

    const subdeck = await client
      .put(`/api/folders/${folder.id}`)
      .bearerToken(token)
      .json({ name: 'Changed', assign_deck_ids: [root.id, sub.id] })
    subdeck.assertStatus(422)
    assertErrorBody(assert, subdeck.body(), 'E_SUBDECK_IN_FOLDER')
    const foreign = await client
      .put(`/api/folders/${folder.id}`)
      .bearerToken(token)
      .json({ color: 'red', assign_deck_ids: [root.id, theirs.id] })
    foreign.assertStatus(404)
    assertErrorBody(assert, foreign.body(), 'E_NOT_FOUND')
    assert.deepEqual(await snapshot(), before)
    const shown = await client.get(`/api/folders/${folder.id}`).bearerToken(token)
    assert.deepInclude(shown.body(), { name: 'Folder', color: 'green', decks: [] })
    assert.isNull((await getDeck(client, stranger.token, theirs.id)).folderId)
  })

  test('GET folders lists folders in order with their deck ids; GET folders/{id} shows one', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const stranger = await signIn()
    await createFolder(client, stranger.token, { name: 'Theirs' })
    const first = await createFolder(client, token, { name: 'First' })
    const second = await createFolder(client, token, { name: 'Second' })
    const a = await createDeck(client, token, { name: 'A', folder_id: second.id })
    await createDeck(client, token, { name: 'A1', parent_id: a.id })
    const b = await createDeck(client, token, { name: 'B', folder_id: second.id })
    await createDeck(client, token, { name: 'Loose' })

    const index = await client.get('/api/folders').bearerToken(token)
    index.assertStatus(200)
    assert.deepEqual(
      index.body().folders.map((folder: any) => [folder.id, folder.name, folder.decks]),
      [
        [first.id, 'First', []],
        [second.id, 'Second', [a.id, b.id]],
      ]
    )
    const show = await client.get(`/api/folders/${second.id}`).bearerToken(token)
    show.assertStatus(200)
    assert.deepInclude(show.body(), { id: second.id, name: 'Second', decks: [a.id, b.id] })
    for (const id of [second.id + 100, 'x'])
      (await client.get(`/api/folders/${id}`).bearerToken(token)).assertStatus(404)
  })

  test('DELETE folders/{id} removes the folder and keeps its decks, out of any folder', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const folder = await createFolder(client, token, { name: 'Temp' })
    const a = await createDeck(client, token, { name: 'A', folder_id: folder.id })
    const a1 = await createDeck(client, token, { name: 'A1', parent_id: a.id })
    const response = await client.delete(`/api/folders/${folder.id}`).bearerToken(token)
    response.assertStatus(204)
    ;(await client.get(`/api/folders/${folder.id}`).bearerToken(token)).assertStatus(404)
    assert.deepEqual((await client.get('/api/folders').bearerToken(token)).body().folders, [])
    const deck = await getDeck(client, token, a.id)
    assert.isNull(deck.folderId)
    assert.deepEqual(
      deck.children.map((child: any) => child.id),
      [a1.id]
    )
    const list = await client.get('/api/decks').bearerToken(token)
    assert.sameMembers(
      list.body().decks.map((d: any) => d.id),
      [a.id, a1.id]
    )
  })

  test('POST folders/reorder sets the order; another user folder is a 404 and changes nothing', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const stranger = await signIn()
    const a = await createFolder(client, token, { name: 'A' })
    const b = await createFolder(client, token, { name: 'B' })
    const c = await createFolder(client, token, { name: 'C' })
    const theirs = await createFolder(client, stranger.token, { name: 'Theirs' })
    const response = await client
      .post('/api/folders/reorder')
      .bearerToken(token)
      .qs({ folder_ids: `${c.id},${a.id},${b.id}` })
    response.assertStatus(204)
    assert.deepEqual(
      (await client.get('/api/folders').bearerToken(token)).body().folders.map((f: any) => f.id),
      [c.id, a.id, b.id]
    )

    const before = await snapshot()
    const foreign = await client
      .post('/api/folders/reorder')
      .bearerToken(token)
      .qs({ folder_ids: `${a.id},${theirs.id},${b.id},${c.id}` })
    foreign.assertStatus(404)
    assertErrorBody(assert, foreign.body(), 'E_NOT_FOUND')
    assert.deepEqual(await snapshot(), before)
    assert.deepEqual(
      (await client.get('/api/folders').bearerToken(token)).body().folders.map((f: any) => f.id),
      [c.id, a.id, b.id]
    )
    const bad = await client
      .post('/api/folders/reorder')
      .bearerToken(token)
      .qs({ folder_ids: 'a,b' })
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'folder_ids')
  })

  test('every folders call answers 401 without a token', async ({ client, assert }) => {
    const { token } = await signIn()
    const folder = await createFolder(client, token, { name: 'Mine' })
    const before = await snapshot()
    for (const call of [
      client.get('/api/folders'),
      client.post('/api/folders').json({ name: 'x' }),
      client.post('/api/folders/reorder').qs({ folder_ids: `${folder.id}` }),
      client.get(`/api/folders/${folder.id}`),
      client.put(`/api/folders/${folder.id}`).json({ name: 'x' }),
      client.delete(`/api/folders/${folder.id}`),
    ]) {
      const response = await call
      response.assertStatus(401)
      assertErrorBody(assert, response.body(), 'E_UNAUTHORIZED')
    }
    assert.deepEqual(await snapshot(), before)
  })

  test("a second user gets 404 for the first user's folder and cannot use it; nothing changes", async ({
    client,
    assert,
  }) => {
    const owner = await signIn()
    const other = await signIn()
    const folder = await createFolder(client, owner.token, { name: 'Private', color: 'pink' })
    const inside = await createDeck(client, owner.token, { name: 'Inside', folder_id: folder.id })
    const mine = await createDeck(client, other.token, { name: 'Mine' })
    const before = await snapshot()
    for (const call of [
      client.get(`/api/folders/${folder.id}`),
      client.put(`/api/folders/${folder.id}`).json({ name: 'Hacked' }),
      client.put(`/api/folders/${folder.id}`).json({ assign_deck_ids: [mine.id] }),
      client.delete(`/api/folders/${folder.id}`),
      client.post('/api/folders/reorder').qs({ folder_ids: `${folder.id}` }),
      client.post('/api/decks').json({ deck: { name: 'Into theirs', folder_id: folder.id } }),
      client.post('/api/decks/move_deck').qs({ deck_id: mine.id, folder_id: folder.id }),
    ]) {
      const response = await call.bearerToken(other.token)
      response.assertStatus(404)
      assertErrorBody(assert, response.body(), 'E_NOT_FOUND')
    }
    assert.deepEqual((await client.get('/api/folders').bearerToken(other.token)).body().folders, [])
    assert.deepEqual(await snapshot(), before)
    const shown = await client.get(`/api/folders/${folder.id}`).bearerToken(owner.token)
    assert.deepInclude(shown.body(), { name: 'Private', color: 'pink', decks: [inside.id] })
  })
})
