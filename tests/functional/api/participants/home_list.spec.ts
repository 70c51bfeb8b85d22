import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { createDeck, createFolder, signIn } from '#tests/support/content'
import { sharedDeck } from './support.js'

test.group('API participant: the shared deck in their own list', (group) => {
  group.each.setup(() => resetState())

  test('GET decks lists the shared root and its subdeck, placed by the participant, with their own counts', async ({
    client,
    assert,
  }) => {
    const { deck, sub, participant, owner } = await sharedDeck(client, 2)
    const ownerFolder = await createFolder(client, owner.token, { name: 'Owner folder' })
    await client
      .put(`/api/folders/${ownerFolder.id}`)
      .bearerToken(owner.token)
      .json({ assign_deck_ids: [deck.id] })
      .then((r) => r.assertStatus(200))
    const own = await createDeck(client, participant.token, { name: 'Mine' })

    const response = await client.get('/api/decks').bearerToken(participant.token)
    response.assertStatus(200)
    const ids = response.body().decks.map((d: any) => d.id)
    assert.includeMembers(ids, [deck.id, sub.id, own.id])
    const shared = response.body().decks.find((d: any) => d.id === deck.id)
    /* the owner's folder is not the participant's */
    assert.isNull(shared.folderId)
    assert.equal(shared.totalCardsCount, 2)
    assert.equal(shared.newCardsCount, 2)
    assert.equal(response.body().decks.find((d: any) => d.id === sub.id).parentId, deck.id)

    const light = await client.get('/api/decks/light_collection').bearerToken(participant.token)
    light.assertStatus(200)
    assert.include(JSON.stringify(light.body()), `"id":${deck.id}`)

    /* the owner's list is unchanged: a stranger still sees nothing of it */
    const stranger = await signIn()
    const theirs = await client.get('/api/decks').bearerToken(stranger.token)
    assert.notInclude(
      theirs.body().decks.map((d: any) => d.id),
      deck.id
    )
  })

  test('a participant puts the shared deck in their own folder and reorders it; the owner keeps theirs', async ({
    client,
    assert,
  }) => {
    const { deck, sub, participant, owner } = await sharedDeck(client, 1)
    const a = await createDeck(client, participant.token, { name: 'A' })
    const folder = await createFolder(client, participant.token, { name: 'Shared with me' })

    const assign = await client
      .put(`/api/folders/${folder.id}`)
      .bearerToken(participant.token)
      .json({ assign_deck_ids: [deck.id] })
    assign.assertStatus(200)
    assert.deepEqual(assign.body().decks, [deck.id])
    const row = await db
      .from('deck_collaborators')
      .where({ deck_id: deck.id, user_id: participant.user.id })
      .first()
    assert.equal(row.folder_id, folder.id)
    const ownerDeck = await db.from('decks').where('id', deck.id).first()
    assert.isNull(ownerDeck.folder_id)

    const listed = await client
      .get('/api/decks')
      .bearerToken(participant.token)
      .qs({ folder_id: folder.id })
    listed.assertStatus(200)
    /* the folder's root deck and its subdeck */
    assert.deepEqual(
      listed.body().decks.map((d: any) => d.id),
      [deck.id, sub.id]
    )
    assert.equal(listed.body().decks[0].folderId, folder.id)

    await client
      .put(`/api/folders/${folder.id}`)
      .bearerToken(participant.token)
      .json({ assign_deck_ids: [a.id] })
      .then((r) => r.assertStatus(200))
    const reorder = await client
      .post('/api/decks/reorder')
      .bearerToken(participant.token)
      .qs({ deck_ids: [deck.id, a.id] })
    reorder.assertStatus(204)
    const folders = await client.get(`/api/folders/${folder.id}`).bearerToken(participant.token)
    assert.deepEqual(folders.body().decks, [deck.id, a.id])
    const again = await client
      .post('/api/decks/reorder')
      .bearerToken(participant.token)
      .qs({ deck_ids: [a.id, deck.id] })
    again.assertStatus(204)
    assert.deepEqual(
      (await client.get(`/api/folders/${folder.id}`).bearerToken(participant.token)).body().decks,
      [a.id, deck.id]
    )
    /* the owner's own position did not move */
    assert.equal((await db.from('decks').where('id', deck.id).first()).position, ownerDeck.position)
    const ownerList = await client.get('/api/decks').bearerToken(owner.token)
    assert.isNull(ownerList.body().decks.find((d: any) => d.id === deck.id).folderId)
  })

  test('a stranger cannot put the deck in a folder or reorder it (404), nor a former participant', async ({
    client,
  }) => {
    const { deck, participant } = await sharedDeck(client, 1)
    const stranger = await signIn()
    const folder = await createFolder(client, stranger.token, { name: 'Mine' })
    const assign = await client
      .put(`/api/folders/${folder.id}`)
      .bearerToken(stranger.token)
      .json({ assign_deck_ids: [deck.id] })
    assign.assertStatus(404)
    const reorder = await client
      .post('/api/decks/reorder')
      .bearerToken(stranger.token)
      .qs({ deck_ids: [deck.id] })
    reorder.assertStatus(404)
    await db
      .from('deck_collaborators')
      .where({ deck_id: deck.id, user_id: participant.user.id })
      .update({ state: 'deleted' })
    const theirs = await createFolder(client, participant.token, { name: 'Theirs' })
    const refused = await client
      .put(`/api/folders/${theirs.id}`)
      .bearerToken(participant.token)
      .json({ assign_deck_ids: [deck.id] })
    refused.assertStatus(404)
  })
})
