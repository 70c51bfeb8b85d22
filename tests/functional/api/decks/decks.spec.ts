import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import {
  basicNote,
  cardCount,
  createDeck,
  createFolder,
  createNote,
  getDeck,
  listNotes,
  noteIdsOf,
  setProgress,
  signIn,
  snapshot,
  templateIds,
  unstickJobs,
  waitForJobs,
  withQueuePaused,
  expectStatus,
} from '#tests/support/content'

type Node = { id: number; rootDeckId: number; children: Node[] }
const shape = (nodes: Node[]): unknown[] => nodes.map((node) => [node.id, shape(node.children)])
/* a Deck's children are whole Decks (the spec's nested subdecks) */
const idsOf = (decks: { id: number }[]) => decks.map((deck) => deck.id)

async function freeze(client: any, token: string, deckId: number, ids: number[]) {
  const response = await client
    .post('/api/notes/bulk_freeze')
    .bearerToken(token)
    .json({ deck_id: deckId, ids })
  response.assertStatus(200)
}

test.group('API decks: create, list, show', (group) => {
  group.each.setup(() => resetState())

  test('POST decks creates a root deck in the spec shape (201)', async ({ client, assert }) => {
    const { token, user } = await signIn()
    const response = await client
      .post('/api/decks')
      .bearerToken(token)
      .json({ deck: { name: '  Biology  ' } })
    response.assertStatus(201)
    const deck = response.body()
    assert.properties(deck, [
      'id',
      'name',
      'children',
      'state',
      'algorithmPreset',
      'algorithmType',
      'rootDeckId',
      'isRootDeck',
      'folderId',
      'configuration',
      'newCardsCount',
      'totalCardsCount',
      'frozenCardsCount',
      'learningCardsCount',
      'fontSettings',
      'source',
      'owner',
      'shuffleCardsEnabled',
      'offlineModeEnabled',
    ])
    assert.equal(deck.name, 'Biology')
    assert.equal(deck.state, 'active')
    assert.equal(deck.rootDeckId, deck.id)
    assert.isTrue(deck.isRootDeck)
    assert.isNull(deck.folderId)
    assert.deepEqual(deck.children, [])
    assert.equal(deck.source, 'manually')
    assert.equal(deck.algorithmPreset, 'general')
    assert.equal(deck.algorithmType, 'spacedRepetition')
    assert.equal(deck.totalCardsCount, 0)
    assert.equal(deck.newCardsCount, 0)
    assert.equal(deck.frozenCardsCount, 0)
    assert.equal(deck.owner.id, user.id)
    /* spec 9: default card font 20, centered */
    for (const device of ['desktop', 'tablet', 'phone']) {
      assert.deepInclude(deck.fontSettings[device], { size: 20, alignment: 'center' })
    }
    /* the stored deck says the same */
    const shown = await getDeck(client, token, deck.id)
    assert.equal(shown.name, 'Biology')
    assert.equal(shown.rootDeckId, deck.id)
  })

  test('subdecks inherit the root, three levels deep, and nest in GET decks', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const root = await createDeck(client, token, { name: 'Medicine' })
    const child = await createDeck(client, token, { name: 'Anatomy', parent_id: root.id })
    const grandchild = await createDeck(client, token, { name: 'Bones', parent_id: child.id })
    const other = await createDeck(client, token, { name: 'Languages' })
    assert.equal(child.rootDeckId, root.id)
    assert.isFalse(child.isRootDeck)
    assert.equal(child.parentId, root.id)
    assert.equal(grandchild.rootDeckId, root.id)
    assert.equal(grandchild.parentId, child.id)
    assert.isFalse(grandchild.isRootDeck)

    const { basic } = await templateIds(client, token)
    await createNote(client, token, {
      deck_id: grandchild.id,
      template_id: basic,
      fields: { Front: 'Femur', Back: 'thigh' },
    })
    await createNote(client, token, {
      deck_id: root.id,
      template_id: basic,
      fields: { Front: 'Heart', Back: 'pump' },
    })

    const list = await client.get('/api/decks').bearerToken(token)
    list.assertStatus(200)
    assert.properties(list.body(), ['decks', 'hierarchy', 'templates', 'numberOfArchivedDecks'])
    assert.deepEqual(shape(list.body().hierarchy), [
      [root.id, [[child.id, [[grandchild.id, []]]]]],
      [other.id, []],
    ])
    assert.equal(list.body().hierarchy[0].children[0].children[0].rootDeckId, root.id)
    assert.equal(list.body().numberOfArchivedDecks, 0)
    const byId = new Map(list.body().decks.map((deck: any) => [deck.id, deck]))
    /* a list nests nothing: each deck once, under its parentId */
    assert.deepEqual((byId.get(root.id) as any).children, [])
    assert.equal((byId.get(child.id) as any).parentId, root.id)
    assert.equal((byId.get(grandchild.id) as any).parentId, child.id)
    /* a deck's counts include its subdecks' */
    assert.equal((byId.get(root.id) as any).totalCardsCount, 2)
    assert.equal((byId.get(root.id) as any).newCardsCount, 2)
    assert.equal((byId.get(child.id) as any).totalCardsCount, 1)
    assert.equal((byId.get(other.id) as any).totalCardsCount, 0)

    const shown = await getDeck(client, token, root.id)
    assert.deepEqual(idsOf(shown.children), [child.id])
    assert.equal(shown.totalCardsCount, 2)
  })

  test('GET decks lists the built-in templates with their fields', async ({ client, assert }) => {
    const { token } = await signIn()
    const response = await client.get('/api/decks').bearerToken(token)
    response.assertStatus(200)
    const templates = response.body().templates
    assert.lengthOf(templates, 5)
    for (const template of templates)
      assert.properties(template, ['id', 'title', 'fields', 'isDefault'])
    const basic = templates.find((template: any) => template.kind === 'basic')
    assert.deepEqual(basic.fields, [
      { id: 0, title: 'Front', isRequired: true },
      { id: 1, title: 'Back', isRequired: false },
    ])
    assert.isTrue(basic.isDefault)
    assert.deepEqual(
      templates.filter((template: any) => template.isDefault).map((template: any) => template.kind),
      ['basic']
    )
    const cloze = templates.find((template: any) => template.kind === 'cloze')
    assert.deepEqual(
      cloze.fields.map((field: any) => field.title),
      ['Text', 'Back Extra']
    )
  })

  test('POST decks with folder_id puts the root deck in the folder; a subdeck is never in one', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const folder = await createFolder(client, token, { name: 'School' })
    const deck = await createDeck(client, token, { name: 'History', folder_id: folder.id })
    assert.equal(deck.folderId, folder.id)
    const sub = await createDeck(client, token, {
      name: 'Rome',
      parent_id: deck.id,
      folder_id: folder.id,
    })
    assert.isNull(sub.folderId)
    const shownFolder = await client.get(`/api/folders/${folder.id}`).bearerToken(token)
    assert.deepEqual(shownFolder.body().decks, [deck.id])
  })

  test('POST decks: validation, unknown parent or folder, archived parent', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const stranger = await signIn()
    const theirDeck = await createDeck(client, stranger.token, { name: 'Theirs' })
    const theirFolder = await createFolder(client, stranger.token, { name: 'Theirs' })
    const before = await snapshot()

    for (const [deck, field] of [
      [{ name: '' }, 'deck.name'],
      [{ name: '   ' }, 'deck.name'],
      [{ name: 'x'.repeat(256) }, 'deck.name'],
      [{ name: 'Ok', source: 'stolen' }, 'deck.source'],
      [{}, 'deck.name'],
    ] as const) {
      const response = await client.post('/api/decks').bearerToken(token).json({ deck })
      response.assertStatus(422)
      assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
      assert.equal(response.body().errors[0].field, field, JSON.stringify(deck))
    }
    const parent = await client
      .post('/api/decks')
      .bearerToken(token)
      .json({ deck: { name: 'Sub', parent_id: theirDeck.id } })
    parent.assertStatus(404)
    assertErrorBody(assert, parent.body(), 'E_NOT_FOUND')
    const folder = await client
      .post('/api/decks')
      .bearerToken(token)
      .json({ deck: { name: 'In', folder_id: theirFolder.id } })
    folder.assertStatus(404)
    assertErrorBody(assert, folder.body(), 'E_NOT_FOUND')
    assert.deepEqual(await snapshot(), before)

    const mine = await createDeck(client, token, { name: 'Mine' })
    ;(await client.post(`/api/decks/${mine.id}/archive`).bearerToken(token)).assertStatus(200)
    const archived = await client
      .post('/api/decks')
      .bearerToken(token)
      .json({ deck: { name: 'Sub', parent_id: mine.id } })
    archived.assertStatus(409)
    assertErrorBody(assert, archived.body(), 'E_DECK_ARCHIVED')
  })

  test('GET decks?deck_ids=… and ?folder_id=… narrow the list', async ({ client, assert }) => {
    const { token } = await signIn()
    const folder = await createFolder(client, token, { name: 'Languages' })
    const a = await createDeck(client, token, { name: 'A', folder_id: folder.id })
    const aSub = await createDeck(client, token, { name: 'A1', parent_id: a.id })
    const b = await createDeck(client, token, { name: 'B' })
    const c = await createDeck(client, token, { name: 'C' })

    const byIds = await client
      .get('/api/decks')
      .bearerToken(token)
      .qs({ deck_ids: `${c.id},${b.id}` })
    byIds.assertStatus(200)
    assert.sameMembers(
      byIds.body().decks.map((deck: any) => deck.id),
      [b.id, c.id]
    )
    assert.sameMembers(
      byIds.body().hierarchy.map((node: any) => node.id),
      [b.id, c.id]
    )

    const byFolder = await client.get('/api/decks').bearerToken(token).qs({ folder_id: folder.id })
    byFolder.assertStatus(200)
    assert.sameMembers(
      byFolder.body().decks.map((deck: any) => deck.id),
      [a.id, aSub.id]
    )
    assert.deepEqual(shape(byFolder.body().hierarchy), [[a.id, [[aSub.id, []]]]])

    const bad = await client.get('/api/decks').bearerToken(token).qs({ deck_ids: 'one,two' })
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'deck_ids')
  })

  test('GET decks/{id} shows one deck; unknown ids are 404', async ({ client, assert }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Chemistry' })
    const response = await client.get(`/api/decks/${deck.id}`).bearerToken(token)
    response.assertStatus(200)
    assert.equal(response.body().id, deck.id)
    assert.equal(response.body().name, 'Chemistry')
    assert.equal(response.body().state, 'active')
    for (const id of [deck.id + 100, 'abc', '-1', '99999999999']) {
      const missing = await client.get(`/api/decks/${id}`).bearerToken(token)
      missing.assertStatus(404)
      assertErrorBody(assert, missing.body(), 'E_NOT_FOUND')
    }
  })

  test('GET decks/light_collection lists the non-archived decks without counts', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const stranger = await signIn()
    await createDeck(client, stranger.token, { name: 'Theirs' })
    const a = await createDeck(client, token, { name: 'A' })
    const a1 = await createDeck(client, token, { name: 'A1', parent_id: a.id })
    const b = await createDeck(client, token, { name: 'B' })
    ;(await client.post(`/api/decks/${b.id}/archive`).bearerToken(token)).assertStatus(200)
    const response = await client.get('/api/decks/light_collection').bearerToken(token)
    response.assertStatus(200)
    assert.sameMembers(
      response.body().decks.map((deck: any) => deck.id),
      [a.id, a1.id]
    )
    const entry = response.body().decks.find((deck: any) => deck.id === a1.id)
    assert.deepInclude(entry, {
      id: a1.id,
      name: 'A1',
      parentId: a.id,
      rootDeckId: a.id,
      folderId: null,
    })
    assert.notProperty(entry, 'totalCardsCount')
    assert.deepEqual(shape(response.body().hierarchy), [[a.id, [[a1.id, []]]]])
  })
})

test.group('API decks: update, delete', (group) => {
  group.each.setup(() => resetState())

  test('PUT decks/{id} renames, sets font settings per device and the notes sort', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Old' })
    const renamed = await client
      .put(`/api/decks/${deck.id}`)
      .bearerToken(token)
      .json({ deck: { name: 'New name' } })
    renamed.assertStatus(200)
    assert.equal(renamed.body().name, 'New name')

    const fonts = await client
      .put(`/api/decks/${deck.id}`)
      .bearerToken(token)
      .json({
        deck: {
          font_settings: { phone: { fontFamily: 'openDyslexic', size: 28, alignment: 'left' } },
        },
      })
    fonts.assertStatus(200)
    assert.deepEqual(fonts.body().fontSettings.phone, {
      fontFamily: 'openDyslexic',
      size: 28,
      alignment: 'left',
    })
    assert.deepInclude(fonts.body().fontSettings.desktop, { size: 20, alignment: 'center' })

    /* a later change of another device keeps the first one */
    const desktop = await client
      .put(`/api/decks/${deck.id}`)
      .bearerToken(token)
      .json({ deck: { font_settings: { desktop: { size: 18, alignment: 'right' } } } })
    desktop.assertStatus(200)
    assert.deepInclude(desktop.body().fontSettings.desktop, { size: 18, alignment: 'right' })
    assert.deepEqual(desktop.body().fontSettings.phone, {
      fontFamily: 'openDyslexic',
      size: 28,
      alignment: 'left',
    })

    const sort = await client
      .put(`/api/decks/${deck.id}`)
      .bearerToken(token)
      .json({ deck: { notes_sort_by: 'alphabetical', notes_order: 'ASC' } })
    sort.assertStatus(200)
    const shown = await getDeck(client, token, deck.id)
    assert.equal(shown.name, 'New name')
    assert.equal(shown.notesSortBy, 'alphabetical')
    assert.equal(shown.notesOrder, 'ASC')
    assert.equal(shown.fontSettings.desktop.size, 18)
    assert.equal(shown.fontSettings.phone.size, 28)
  })

  test('PUT decks/{id}: validation names the field and changes nothing; archived decks cannot be edited', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Keep' })
    for (const [body, field] of [
      [{ name: '   ' }, 'deck.name'],
      [{ name: '' }, 'deck.name'],
      [
        { name: 'Changed', font_settings: { desktop: { size: 500, alignment: 'left' } } },
        'deck.font_settings.desktop.size',
      ],
      [
        { font_settings: { tablet: { size: 20, alignment: 'justify' } } },
        'deck.font_settings.tablet.alignment',
      ],
      [{ notes_sort_by: 'random' }, 'deck.notes_sort_by'],
    ] as const) {
      const response = await client
        .put(`/api/decks/${deck.id}`)
        .bearerToken(token)
        .json({ deck: body })
      expectStatus(assert, response, 422, body)
      assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
      assert.equal(response.body().errors[0].field, field)
    }
    assert.equal((await getDeck(client, token, deck.id)).name, 'Keep')

    ;(await client.post(`/api/decks/${deck.id}/archive`).bearerToken(token)).assertStatus(200)
    const archived = await client
      .put(`/api/decks/${deck.id}`)
      .bearerToken(token)
      .json({ deck: { name: 'Edited' } })
    archived.assertStatus(409)
    assertErrorBody(assert, archived.body(), 'E_DECK_ARCHIVED')
    assert.equal((await getDeck(client, token, deck.id)).name, 'Keep')
  })

  test('DELETE decks/{id} removes the deck, its subdecks and their notes', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const root = await createDeck(client, token, { name: 'Root' })
    const sub = await createDeck(client, token, { name: 'Sub', parent_id: root.id })
    const subsub = await createDeck(client, token, { name: 'SubSub', parent_id: sub.id })
    const keep = await createDeck(client, token, { name: 'Keep' })
    const n1 = await basicNote(client, token, root.id, 'one')
    const n2 = await basicNote(client, token, subsub.id, 'two')
    const kept = await basicNote(client, token, keep.id, 'three')

    const response = await client.delete(`/api/decks/${root.id}`).bearerToken(token)
    response.assertStatus(204)
    for (const id of [root.id, sub.id, subsub.id])
      (await client.get(`/api/decks/${id}`).bearerToken(token)).assertStatus(404)
    for (const id of [n1.id, n2.id])
      (await client.get(`/api/notes/${id}`).bearerToken(token)).assertStatus(404)
    assert.equal(Number((await db.from('notes').count('* as count').first()).count), 1)
    assert.equal(Number((await db.from('cards').count('* as count').first()).count), 1)
    ;(await client.get(`/api/notes/${kept.id}`).bearerToken(token)).assertStatus(200)
    const list = await client.get('/api/decks').bearerToken(token)
    assert.deepEqual(
      list.body().decks.map((deck: any) => deck.id),
      [keep.id]
    )
  })
})

test.group('API decks: duplicate', (group) => {
  group.each.setup(() => resetState())
  group.each.teardown(() => unstickJobs())

  async function sourceDeck(client: any, token: string) {
    const root = await createDeck(client, token, { name: 'Spanish' })
    const sub = await createDeck(client, token, { name: 'Verbs', parent_id: root.id })
    const { basic, cloze } = await templateIds(client, token)
    const a = await createNote(client, token, {
      deck_id: root.id,
      template_id: basic,
      fields: { Front: 'hola', Back: 'hello' },
    })
    await createNote(client, token, {
      deck_id: root.id,
      template_id: basic,
      fields: { Front: 'adiós', Back: 'bye' },
      reverse: true,
    })
    await createNote(client, token, {
      deck_id: sub.id,
      template_id: cloze,
      fields: { Text: '{{c1::ser}} and {{c2::estar}}' },
    })
    await freeze(client, token, root.id, [a.id])
    return { root, sub }
  }

  test('POST decks/{id}/duplicate copies subdecks and notes under new guids, without progress', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const { root, sub } = await sourceDeck(client, token)
    const source = await getDeck(client, token, root.id)
    assert.equal(source.totalCardsCount, 5)
    assert.equal(source.frozenCardsCount, 1)

    const response = await client.post(`/api/decks/${root.id}/duplicate`).bearerToken(token)
    response.assertStatus(202)
    const copyId = response.body().id
    assert.notEqual(copyId, root.id)
    assert.equal(response.body().state, 'duplicating')
    await waitForJobs(client, token, [copyId])

    const copy = await getDeck(client, token, copyId)
    assert.equal(copy.state, 'active')
    assert.isTrue(copy.isRootDeck)
    assert.equal(copy.totalCardsCount, 5)
    assert.equal(copy.newCardsCount, 5)
    assert.equal(copy.frozenCardsCount, 0)
    assert.lengthOf(copy.children, 1)
    const subCopy = await getDeck(client, token, copy.children[0].id)
    assert.notEqual(subCopy.id, sub.id)
    assert.equal(subCopy.name, 'Verbs')
    assert.equal(subCopy.rootDeckId, copyId)
    assert.equal(subCopy.totalCardsCount, 2)

    const sourceGuids = (
      await db
        .from('notes')
        .whereIn('id', await noteIdsOf(root.id))
        .select('guid')
    ).map((row) => row.guid)
    const copyGuids = (
      await db
        .from('notes')
        .whereIn('id', await noteIdsOf(copyId))
        .select('guid')
    ).map((row) => row.guid)
    assert.lengthOf(copyGuids, 3)
    assert.lengthOf(
      copyGuids.filter((guid) => sourceGuids.includes(guid)),
      0
    )
    /* the source is untouched */
    const after = await getDeck(client, token, root.id)
    assert.equal(after.totalCardsCount, 5)
    assert.equal(after.frozenCardsCount, 1)
    assert.deepEqual(idsOf(after.children), [sub.id])
  })

  test('duplicate?keep_progress=true copies the learner progress too', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const { root } = await sourceDeck(client, token)
    const response = await client
      .post(`/api/decks/${root.id}/duplicate`)
      .bearerToken(token)
      .qs({ keep_progress: true })
    response.assertStatus(202)
    await waitForJobs(client, token, [response.body().id])
    const copy = await getDeck(client, token, response.body().id)
    assert.equal(copy.totalCardsCount, 5)
    assert.equal(copy.frozenCardsCount, 1)
    assert.equal(copy.newCardsCount, 4)
  })

  test('duplicate?destination_id puts the copy under another deck; ?folder_id in a folder', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const source = await createDeck(client, token, { name: 'Small' })
    await basicNote(client, token, source.id, 'q')
    const destination = await createDeck(client, token, { name: 'Destination' })
    const folder = await createFolder(client, token, { name: 'F' })

    const under = await client
      .post(`/api/decks/${source.id}/duplicate`)
      .bearerToken(token)
      .qs({ destination_id: destination.id })
    under.assertStatus(202)
    const inFolder = await client
      .post(`/api/decks/${source.id}/duplicate`)
      .bearerToken(token)
      .qs({ folder_id: folder.id })
    inFolder.assertStatus(202)
    await waitForJobs(client, token, [under.body().id, inFolder.body().id])

    const underCopy = await getDeck(client, token, under.body().id)
    assert.equal(underCopy.parentId, destination.id)
    assert.equal(underCopy.rootDeckId, destination.id)
    assert.isFalse(underCopy.isRootDeck)
    assert.equal(underCopy.totalCardsCount, 1)
    assert.deepEqual(idsOf((await getDeck(client, token, destination.id)).children), [underCopy.id])

    const folderCopy = await getDeck(client, token, inFolder.body().id)
    assert.equal(folderCopy.folderId, folder.id)
    assert.isTrue(folderCopy.isRootDeck)
    assert.equal(folderCopy.totalCardsCount, 1)
  })

  test('duplicate: another preset as destination is refused, so is another user deck', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const stranger = await signIn()
    const source = await createDeck(client, token, { name: 'General' })
    const medical = await createDeck(client, token, { name: 'Medical' })
    await db.from('decks').where('id', medical.id).update({ algorithm_preset: 'medical' })
    const theirs = await createDeck(client, stranger.token, { name: 'Theirs' })
    const before = await snapshot()

    const different = await client
      .post(`/api/decks/${source.id}/duplicate`)
      .bearerToken(token)
      .qs({ destination_id: medical.id })
    different.assertStatus(422)
    assertErrorBody(assert, different.body(), 'E_DIFFERENT_ALGORITHMS')
    const intoTheirs = await client
      .post(`/api/decks/${source.id}/duplicate`)
      .bearerToken(token)
      .qs({ destination_id: theirs.id })
    intoTheirs.assertStatus(404)
    const ofTheirs = await client.post(`/api/decks/${theirs.id}/duplicate`).bearerToken(token)
    ofTheirs.assertStatus(404)
    assertErrorBody(assert, ofTheirs.body(), 'E_NOT_FOUND')
    assert.deepEqual(await snapshot(), before)
  })
  test('duplicate into the deck itself or one of its subdecks is refused and creates nothing', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const root = await createDeck(client, token, { name: 'Root' })
    const sub = await createDeck(client, token, { name: 'Sub', parent_id: root.id })
    await basicNote(client, token, root.id, 'q')
    const before = await snapshot()
    /*
     * The copy would sit inside the tree it copies and copy itself again and
     * again: the job must never run, so the queue is paused meanwhile and any
     * copy the server made is removed before the assertions.
     */
    const { answers, after } = await withQueuePaused(async () => {
      const result: string[] = []
      for (const destination of [root.id, sub.id]) {
        const response = await client
          .post(`/api/decks/${root.id}/duplicate`)
          .bearerToken(token)
          .qs({ destination_id: destination })
        result.push(
          `into ${destination === root.id ? 'itself' : 'its subdeck'}: ${response.status()} ` +
            `${response.body().code ?? response.body().state}`
        )
      }
      const state = await snapshot()
      await db
        .from('decks')
        .whereNotIn(
          'id',
          before.decks.map((deck: any) => deck.id)
        )
        .delete()
      return { answers: result, after: state }
    })
    assert.deepEqual(
      answers.filter((answer) => !/: 4\d\d /.test(answer)),
      [],
      answers.join('; ')
    )
    assert.deepEqual(after, before)
  })
})

test.group('API decks: move and reorder', (group) => {
  group.each.setup(() => resetState())

  test('move_deck into a folder, under another deck (hierarchy), and out to the top', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const folder = await createFolder(client, token, { name: 'Folder' })
    const a = await createDeck(client, token, { name: 'A' })
    const b = await createDeck(client, token, { name: 'B' })
    const b1 = await createDeck(client, token, { name: 'B1', parent_id: b.id })

    const intoFolder = await client
      .post('/api/decks/move_deck')
      .bearerToken(token)
      .qs({ deck_id: a.id, folder_id: folder.id })
    intoFolder.assertStatus(200)
    assert.properties(intoFolder.body(), ['hierarchy'])
    assert.equal((await getDeck(client, token, a.id)).folderId, folder.id)
    assert.deepEqual(
      (await client.get(`/api/folders/${folder.id}`).bearerToken(token)).body().decks,
      [a.id]
    )

    /* B (with B1) under A: the whole subtree takes A as root */
    const under = await client
      .post('/api/decks/move_deck')
      .bearerToken(token)
      .qs({ deck_id: b.id, parent_deck_id: a.id })
    under.assertStatus(200)
    assert.deepEqual(shape(under.body().hierarchy), [[a.id, [[b.id, [[b1.id, []]]]]]])
    const movedB = await getDeck(client, token, b.id)
    assert.equal(movedB.parentId, a.id)
    assert.equal(movedB.rootDeckId, a.id)
    assert.isFalse(movedB.isRootDeck)
    assert.isNull(movedB.folderId)
    assert.equal((await getDeck(client, token, b1.id)).rootDeckId, a.id)
    assert.deepEqual(idsOf((await getDeck(client, token, a.id)).children), [b.id])

    /* and back out to the top */
    const out = await client.post('/api/decks/move_deck').bearerToken(token).qs({ deck_id: b.id })
    out.assertStatus(200)
    assert.deepEqual(shape(out.body().hierarchy), [
      [a.id, []],
      [b.id, [[b1.id, []]]],
    ])
    const topB = await getDeck(client, token, b.id)
    assert.isTrue(topB.isRootDeck)
    assert.isNull(topB.parentId)
    assert.equal(topB.rootDeckId, b.id)
    assert.equal((await getDeck(client, token, b1.id)).rootDeckId, b.id)
  })

  test('move_deck into itself or its own subdeck is E_DECK_MOVE_CYCLE; other algorithms are refused', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const a = await createDeck(client, token, { name: 'A' })
    const a1 = await createDeck(client, token, { name: 'A1', parent_id: a.id })
    const a2 = await createDeck(client, token, { name: 'A2', parent_id: a1.id })
    const other = await createDeck(client, token, { name: 'Speed' })
    await db
      .from('decks')
      .where('id', other.id)
      .update({ algorithm_preset: 'speed_learning', algorithm_type: 'speedLearning' })
    const before = await snapshot()
    for (const parent of [a.id, a1.id, a2.id]) {
      const response = await client
        .post('/api/decks/move_deck')
        .bearerToken(token)
        .qs({ deck_id: a.id, parent_deck_id: parent })
      response.assertStatus(422)
      assertErrorBody(assert, response.body(), 'E_DECK_MOVE_CYCLE')
    }
    const different = await client
      .post('/api/decks/move_deck')
      .bearerToken(token)
      .qs({ deck_id: a.id, parent_deck_id: other.id })
    different.assertStatus(422)
    assertErrorBody(assert, different.body(), 'E_DIFFERENT_ALGORITHMS')
    const missing = await client
      .post('/api/decks/move_deck')
      .bearerToken(token)
      .qs({ parent_deck_id: a.id })
    missing.assertStatus(422)
    assert.equal(missing.body().errors[0].field, 'deck_id')
    assert.deepEqual(await snapshot(), before)
  })

  test('reorder sets the order of GET decks; an id of another user is a 404 and changes nothing', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const stranger = await signIn()
    const a = await createDeck(client, token, { name: 'A' })
    const b = await createDeck(client, token, { name: 'B' })
    const c = await createDeck(client, token, { name: 'C' })
    const theirs = await createDeck(client, stranger.token, { name: 'Theirs' })

    const response = await client
      .post('/api/decks/reorder')
      .bearerToken(token)
      .qs({ deck_ids: `${c.id},${a.id},${b.id}` })
    response.assertStatus(204)
    const list = await client.get('/api/decks').bearerToken(token)
    assert.deepEqual(
      list.body().hierarchy.map((node: any) => node.id),
      [c.id, a.id, b.id]
    )
    assert.deepEqual(
      list.body().decks.map((deck: any) => deck.id),
      [c.id, a.id, b.id]
    )

    const before = await snapshot()
    const foreign = await client
      .post('/api/decks/reorder')
      .bearerToken(token)
      .qs({ deck_ids: `${b.id},${theirs.id},${a.id},${c.id}` })
    foreign.assertStatus(404)
    assertErrorBody(assert, foreign.body(), 'E_NOT_FOUND')
    assert.deepEqual(await snapshot(), before)
    const again = await client.get('/api/decks').bearerToken(token)
    assert.deepEqual(
      again.body().hierarchy.map((node: any) => node.id),
      [c.id, a.id, b.id]
    )

    const json = await client
      .post('/api/decks/reorder')
      .bearerToken(token)
      .json({ deck_ids: [b.id, c.id, a.id] })
    json.assertStatus(204)
    assert.deepEqual(
      (await client.get('/api/decks').bearerToken(token))
        .body()
        .hierarchy.map((node: any) => node.id),
      [b.id, c.id, a.id]
    )
  })
})

test.group('API decks: progress, report, archive, polling', (group) => {
  group.each.setup(() => resetState())

  test('reset_progress brings every card of the deck and its subdecks back to new', async ({
    client,
    assert,
  }) => {
    const { token, user } = await signIn()
    const root = await createDeck(client, token, { name: 'Root' })
    const sub = await createDeck(client, token, { name: 'Sub', parent_id: root.id })
    const n1 = await basicNote(client, token, root.id, 'one')
    const n2 = await basicNote(client, token, sub.id, 'two')
    const n3 = await basicNote(client, token, sub.id, 'three')
    await freeze(client, token, root.id, [n1.id, n2.id])
    await setProgress(user.id, n3.id, { state: 'learning', dueAt: new Date(Date.now() + 60_000) })
    const before = await getDeck(client, token, root.id)
    assert.equal(before.frozenCardsCount, 2)
    assert.equal(before.learningCardsCount, 1)
    assert.equal(before.newCardsCount, 0)

    const response = await client.post(`/api/decks/${root.id}/reset_progress`).bearerToken(token)
    response.assertStatus(200)
    assert.equal(response.body().id, root.id)
    assert.equal(response.body().frozenCardsCount, 0)
    assert.equal(response.body().learningCardsCount, 0)
    assert.equal(response.body().newCardsCount, 3)
    assert.equal(response.body().totalCardsCount, 3)
    const frozen = await listNotes(client, token, { deck_id: root.id, frozen: true })
    assert.equal(frozen.total, 0)
  })

  test('report: own manual deck is E_NOT_REPORTABLE, a pre-made deck can be reported', async ({
    client,
    assert,
  }) => {
    const { token, user } = await signIn()
    const manual = await createDeck(client, token, { name: 'Mine' })
    const premade = await createDeck(client, token, { name: 'Pre-made', source: 'pre-made' })
    assert.equal(premade.source, 'pre-made')
    assert.isTrue(premade.isAllowedToReport)
    assert.isFalse(manual.isAllowedToReport)

    const refused = await client
      .post(`/api/decks/${manual.id}/report`)
      .bearerToken(token)
      .json({ report_text: 'bad' })
    refused.assertStatus(422)
    assertErrorBody(assert, refused.body(), 'E_NOT_REPORTABLE')
    const empty = await client
      .post(`/api/decks/${premade.id}/report`)
      .bearerToken(token)
      .json({ report_text: '  ' })
    empty.assertStatus(422)
    assert.equal(empty.body().errors[0].field, 'report_text')
    assert.equal(Number((await db.from('deck_reports').count('* as count').first()).count), 0)

    const ok = await client
      .post(`/api/decks/${premade.id}/report`)
      .bearerToken(token)
      .json({ report_text: 'Wrong answers on card 3' })
    ok.assertStatus(201)
    const reports = await db.from('deck_reports').select('deck_id', 'user_id', 'text')
    assert.deepEqual(reports, [
      { deck_id: premade.id, user_id: user.id, text: 'Wrong answers on card 3' },
    ])
  })

  test('archive hides the deck from GET decks, lists it in decks/archived, blocks edits; restore undoes it', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const root = await createDeck(client, token, { name: 'Old course' })
    const sub = await createDeck(client, token, { name: 'Part 1', parent_id: root.id })
    const other = await createDeck(client, token, { name: 'Current' })
    const { basic } = await templateIds(client, token)
    await basicNote(client, token, sub.id, 'before archive')

    const archived = await client.post(`/api/decks/${root.id}/archive`).bearerToken(token)
    archived.assertStatus(200)
    assert.equal(archived.body().state, 'archived')

    const list = await client.get('/api/decks').bearerToken(token)
    assert.deepEqual(
      list.body().decks.map((deck: any) => deck.id),
      [other.id]
    )
    assert.equal(list.body().numberOfArchivedDecks, 1)
    const archivedList = await client.get('/api/decks/archived').bearerToken(token)
    archivedList.assertStatus(200)
    assert.sameMembers(
      archivedList.body().decks.map((deck: any) => deck.id),
      [root.id, sub.id]
    )
    assert.deepEqual(shape(archivedList.body().hierarchy), [[root.id, [[sub.id, []]]]])
    assert.equal(archivedList.body().numberOfArchivedDecks, 1)

    /* remembering the list's sort is not an edit: it works on an archived deck */
    const sorted = await listNotes(client, token, {
      deck_id: root.id,
      sort_by: 'alphabetical',
      order: 'ASC',
    })
    assert.equal(sorted.total, 1)
    assert.equal(
      (await client.get(`/api/decks/${root.id}`).bearerToken(token)).body().notesSortBy,
      'alphabetical'
    )

    for (const deckId of [root.id, sub.id]) {
      const note = await client
        .post('/api/notes')
        .bearerToken(token)
        .json({ note: { deck_id: deckId, template_id: basic, fields: { Front: 'x' } } })
      note.assertStatus(409)
      assertErrorBody(assert, note.body(), 'E_DECK_ARCHIVED')
    }
    assert.equal(await cardCount(sub.id), 1)

    const restored = await client.post(`/api/decks/${root.id}/restore`).bearerToken(token)
    restored.assertStatus(200)
    assert.equal(restored.body().state, 'active')
    assert.equal((await getDeck(client, token, sub.id)).state, 'active')
    const after = await client.get('/api/decks').bearerToken(token)
    assert.sameMembers(
      after.body().decks.map((deck: any) => deck.id),
      [root.id, sub.id, other.id]
    )
    assert.equal(after.body().numberOfArchivedDecks, 0)
    const note = await client
      .post('/api/notes')
      .bearerToken(token)
      .json({ note: { deck_id: sub.id, template_id: basic, fields: { Front: 'after restore' } } })
    note.assertStatus(201)
  })

  test('archiving a subdeck is E_SUBDECK_ARCHIVE', async ({ client, assert }) => {
    const { token } = await signIn()
    const root = await createDeck(client, token, { name: 'Root' })
    const sub = await createDeck(client, token, { name: 'Sub', parent_id: root.id })
    const response = await client.post(`/api/decks/${sub.id}/archive`).bearerToken(token)
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_SUBDECK_ARCHIVE')
    assert.equal((await getDeck(client, token, sub.id)).state, 'active')
    assert.equal((await getDeck(client, token, root.id)).state, 'active')
  })

  test('GET decks/polling lists the decks a job holds, with counters, and the failed ones', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const stranger = await signIn()
    const folder = await createFolder(client, token, { name: 'F' })
    const idle = await createDeck(client, token, { name: 'Idle' })
    const importing = await createDeck(client, token, { name: 'Importing', folder_id: folder.id })
    const failed = await createDeck(client, token, { name: 'Failed' })
    const theirs = await createDeck(client, stranger.token, { name: 'Theirs' })

    const empty = await client.get('/api/decks/polling').bearerToken(token)
    empty.assertStatus(200)
    assert.deepEqual(empty.body().decks, [])

    /* a job's state as the import and the jobs write it */
    await db
      .from('decks')
      .whereIn('id', [importing.id, theirs.id])
      .update({ state: 'notes_importing', processing: JSON.stringify({ total: 10, processed: 3 }) })
    await db.from('decks').where('id', failed.id).update({ state: 'processing_failed' })
    const response = await client.get('/api/decks/polling').bearerToken(token)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().decks.map((deck: any) => deck.id),
      [importing.id, failed.id]
    )
    assert.deepInclude(response.body().decks[0], {
      id: importing.id,
      state: 'notes_importing',
      counters: { total: 10, processed: 3 },
      folderId: folder.id,
    })
    assert.equal(response.body().decks[1].state, 'processing_failed')
    assert.notInclude(
      response.body().decks.map((deck: any) => deck.id),
      idle.id
    )

    /* a deck a job holds cannot be edited */
    const edit = await client
      .put(`/api/decks/${importing.id}`)
      .bearerToken(token)
      .json({ deck: { name: 'x' } })
    edit.assertStatus(409)
    assertErrorBody(assert, edit.body(), 'E_DECK_PROCESSING')
  })
})

test.group('API decks: access', (group) => {
  group.each.setup(() => resetState())

  test('every decks call answers 401 without a token', async ({ client, assert }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Mine' })
    const before = await snapshot()
    const calls = [
      client.get('/api/decks'),
      client.post('/api/decks').json({ deck: { name: 'x' } }),
      client.get('/api/decks/polling'),
      client.get('/api/decks/light_collection'),
      client.get('/api/decks/archived'),
      client.post('/api/decks/move_deck').qs({ deck_id: deck.id }),
      client.post('/api/decks/reorder').qs({ deck_ids: `${deck.id}` }),
      client.get(`/api/decks/${deck.id}`),
      client.put(`/api/decks/${deck.id}`).json({ deck: { name: 'x' } }),
      client.delete(`/api/decks/${deck.id}`),
      client.post(`/api/decks/${deck.id}/duplicate`),
      client.post(`/api/decks/${deck.id}/reset_progress`),
      client.post(`/api/decks/${deck.id}/report`).json({ report_text: 'x' }),
      client.post(`/api/decks/${deck.id}/archive`),
      client.post(`/api/decks/${deck.id}/restore`),
    ]
    for (const call of calls) {
      const response = await call
      response.assertStatus(401)
      assertErrorBody(assert, response.body(), 'E_UNAUTHORIZED')
    }
    /* a wrong token is no better */
    const forged = await client.get('/api/decks').bearerToken('oat_bm90LWEtdG9rZW4')
    forged.assertStatus(401)
    assert.deepEqual(await snapshot(), before)
  })

  test("a second user gets 404 for every call on the first user's deck, and nothing changes", async ({
    client,
    assert,
  }) => {
    const owner = await signIn()
    const other = await signIn()
    const deck = await createDeck(client, owner.token, { name: 'Private', source: 'pre-made' })
    const sub = await createDeck(client, owner.token, { name: 'Sub', parent_id: deck.id })
    await basicNote(client, owner.token, deck.id, 'secret')
    const mine = await createDeck(client, other.token, { name: 'Mine' })
    const before = await snapshot()

    const calls = [
      client.get(`/api/decks/${deck.id}`),
      client.put(`/api/decks/${deck.id}`).json({ deck: { name: 'Hacked' } }),
      client.delete(`/api/decks/${deck.id}`),
      client.post(`/api/decks/${deck.id}/duplicate`),
      client.post(`/api/decks/${mine.id}/duplicate`).qs({ destination_id: deck.id }),
      client.post(`/api/decks/${deck.id}/reset_progress`),
      client.post(`/api/decks/${deck.id}/report`).json({ report_text: 'x' }),
      client.post(`/api/decks/${deck.id}/archive`),
      client.post(`/api/decks/${deck.id}/restore`),
      client.post('/api/decks/move_deck').qs({ deck_id: deck.id }),
      client.post('/api/decks/move_deck').qs({ deck_id: mine.id, parent_deck_id: sub.id }),
      client.post('/api/decks/reorder').qs({ deck_ids: `${deck.id},${mine.id}` }),
      client.post('/api/decks').json({ deck: { name: 'Intruder', parent_id: deck.id } }),
    ]
    for (const call of calls) {
      const response = await call.bearerToken(other.token)
      response.assertStatus(404)
      assertErrorBody(assert, response.body(), 'E_NOT_FOUND')
    }
    const list = await client
      .get('/api/decks')
      .bearerToken(other.token)
      .qs({ deck_ids: `${deck.id},${sub.id}` })
    list.assertStatus(200)
    assert.deepEqual(list.body().decks, [])
    const all = await client.get('/api/decks').bearerToken(other.token)
    assert.deepEqual(
      all.body().decks.map((d: any) => d.id),
      [mine.id]
    )
    assert.deepEqual(
      (await client.get('/api/decks/light_collection').bearerToken(other.token))
        .body()
        .decks.map((d: any) => d.id),
      [mine.id]
    )
    assert.deepEqual(await snapshot(), before)
    assert.equal((await getDeck(client, owner.token, deck.id)).name, 'Private')
  })
})
