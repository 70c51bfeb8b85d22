import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'
import { join, participant, share, sharedDeck } from './support.js'

test.group('API deck_collaborators: joining', (group) => {
  group.each.setup(() => resetState())

  test('joins as a viewer, the same row when repeated; the deck comes with it and lists for the joiner', async ({
    client,
    assert,
  }) => {
    const { owner, deck, token } = await sharedDeck(client)
    const learner = await signIn()
    const first = await join(client, learner, token)
    first.assertStatus(201)
    const row = first.body().deckCollaborator
    assert.equal(row.role, 'viewer')
    assert.equal(row.state, 'active')
    assert.equal(row.user.id, learner.user.id)
    assert.equal(first.body().deck.id, deck.id)
    assert.deepEqual(first.body().deck.collaboration, { count: 1, role: 'viewer', state: 'active' })
    assert.equal(first.body().deck.owner.id, owner.user.id)

    const again = await join(client, learner, token)
    again.assertStatus(200)
    assert.equal(again.body().deckCollaborator.id, row.id)
    const rows = await db
      .from('deck_collaborators')
      .where({ deck_id: deck.id, user_id: learner.user.id })
    assert.lengthOf(rows, 1)

    const list = await client.get('/api/decks').bearerToken(learner.token)
    const listed = list.body().decks.find((item: any) => item.id === deck.id)
    assert.equal(listed.owner.id, owner.user.id, 'a shared deck names its owner in the list too')
    assert.deepEqual(listed.collaboration, { count: 1, role: 'viewer', state: 'active' })
    assert.isNull(listed.sharingToken)
  })

  test('the owner joining is a 422; another user id is a 403; a dead token a 404; a bad body a 422', async ({
    client,
    assert,
  }) => {
    const { owner, deck, token } = await sharedDeck(client)
    const own = await join(client, owner, token)
    own.assertStatus(422)
    assertErrorBody(assert, own.body(), 'E_OWNER_CANNOT_JOIN')

    const learner = await signIn()
    const other = await client
      .post('/api/deck_collaborators')
      .bearerToken(learner.token)
      .json({ user_id: owner.user.id, sharing_token: token })
    other.assertStatus(403)
    assertErrorBody(assert, other.body(), 'E_FORBIDDEN')
    ;(await join(client, learner, 'B'.repeat(43))).assertStatus(404)
    ;(
      await client.post('/api/deck_collaborators').bearerToken(learner.token).json({ user_id: 'x' })
    ).assertStatus(422)
    ;(
      await client
        .post('/api/deck_collaborators')
        .json({ user_id: learner.user.id, sharing_token: token })
    ).assertStatus(401)
    assert.lengthOf(await db.from('deck_collaborators').where('deck_id', deck.id), 0)
  })

  test('a removed participant loses the deck at once and comes back only through a newer link', async ({
    client,
    assert,
  }) => {
    const { owner, deck, token } = await sharedDeck(client)
    const viewer = await participant(client, token)
    const removed = await client
      .delete(`/api/deck_collaborators/${viewer.collaboratorId}`)
      .bearerToken(owner.token)
    removed.assertStatus(200)
    assert.equal(removed.body().deckCollaborator.state, 'deleted')
    /* removed: the deck says it is gone and why, nothing more (spec: deck unavailable, access removed) */
    const gone = await client.get(`/api/decks/${deck.id}`).bearerToken(viewer.token)
    gone.assertStatus(410)
    assert.equal(gone.body().code, 'E_DECK_UNAVAILABLE')
    assert.equal(gone.body().reason, 'access_removed')
    ;(
      await client
        .delete(`/api/deck_collaborators/${viewer.collaboratorId}`)
        .bearerToken(owner.token)
    ).assertStatus(200)

    const refused = await join(client, viewer, token)
    refused.assertStatus(403)
    assertErrorBody(assert, refused.body(), 'E_COLLABORATOR_REMOVED')
    await share(client, owner, deck.id, false)
    const fresh = await share(client, owner, deck.id, true)
    const back = await join(client, viewer, fresh.sharingToken)
    back.assertStatus(200)
    assert.equal(back.body().deckCollaborator.role, 'viewer')
    ;(await client.get(`/api/decks/${deck.id}`).bearerToken(viewer.token)).assertStatus(200)
  })
})

test.group('API deck_collaborators: list, role, remove', (group) => {
  group.each.setup(() => resetState())

  test('the owner apart, then participants by join date; every participant reads it; a stranger gets a 404', async ({
    client,
    assert,
  }) => {
    const { owner, deck, sub, token } = await sharedDeck(client)
    const first = await participant(client, token)
    const second = await participant(client, token)
    const third = await participant(client, token)
    await client.delete(`/api/deck_collaborators/${third.collaboratorId}`).bearerToken(owner.token)

    const list = await client
      .get('/api/deck_collaborators')
      .bearerToken(owner.token)
      .qs({ deck_id: deck.id })
    list.assertStatus(200)
    const people = list.body().deckCollaborators
    /* the spec's Collaborators: owner plus deckCollaborators; the list holds real rows only (no id null) */
    assert.deepEqual(list.body().owner, {
      id: owner.user.id,
      name: owner.user.name,
      username: owner.user.username,
      avatarColor: owner.user.avatarColor,
      avatarUrl: null,
      role: 'owner',
    })
    assert.deepEqual(
      people.map((person: any) => [person.id, person.role, person.user.id]),
      [
        [first.collaboratorId, 'viewer', first.user.id],
        [second.collaboratorId, 'viewer', second.user.id],
      ]
    )
    assert.equal(list.body().total, 2)
    assert.deepEqual(Object.keys(people[0].user).sort(), [
      'avatarColor',
      'avatarUrl',
      'id',
      'name',
      'username',
    ])

    const paged = await client
      .get('/api/deck_collaborators')
      .bearerToken(first.token)
      .qs({ deck_id: sub.id, offset: 1, limit: 1 })
    paged.assertStatus(200)
    assert.deepEqual(
      paged.body().deckCollaborators.map((person: any) => person.id),
      [second.collaboratorId]
    )
    assert.equal(paged.body().owner.id, owner.user.id, 'every page names the owner')

    ;(
      await client
        .get('/api/deck_collaborators')
        .bearerToken(owner.token)
        .qs({ deck_id: deck.id, limit: 101 })
    ).assertStatus(422)
    ;(
      await client
        .get('/api/deck_collaborators')
        .bearerToken(owner.token)
        .qs({ deck_id: deck.id, limit: 100 })
    ).assertStatus(200)
    const stranger = await signIn()
    ;(
      await client
        .get('/api/deck_collaborators')
        .bearerToken(stranger.token)
        .qs({ deck_id: deck.id })
    ).assertStatus(404)
    const removed = await client
      .get('/api/deck_collaborators')
      .bearerToken(third.token)
      .qs({ deck_id: deck.id })
    removed.assertStatus(410)
    assert.equal(removed.body().reason, 'access_removed')
  })

  test('the owner changes roles (editor or viewer only); participants get a 403, strangers a 404', async ({
    client,
    assert,
  }) => {
    const { owner, token } = await sharedDeck(client)
    const viewer = await participant(client, token)
    const editor = await participant(client, token, 'editor', owner)
    const path = `/api/deck_collaborators/${viewer.collaboratorId}`

    const changed = await client.put(path).bearerToken(owner.token).json({ role: 'editor' })
    changed.assertStatus(200)
    assert.equal(changed.body().deckCollaborator.role, 'editor')
    for (const role of ['owner', 'admin', '']) {
      const bad = await client.put(path).bearerToken(owner.token).json({ role })
      bad.assertStatus(422)
    }
    const byEditor = await client.put(path).bearerToken(editor.token).json({ role: 'viewer' })
    byEditor.assertStatus(403)
    assertErrorBody(assert, byEditor.body(), 'E_FORBIDDEN')
    assert.isString(byEditor.body().body)
    ;(await client.delete(path).bearerToken(editor.token)).assertStatus(403)
    ;(
      await client
        .delete(`/api/deck_collaborators/${editor.collaboratorId}`)
        .bearerToken(viewer.token)
    ).assertStatus(403)
    const stranger = await signIn()
    ;(await client.put(path).bearerToken(stranger.token).json({ role: 'viewer' })).assertStatus(404)
    ;(await client.delete(path).bearerToken(stranger.token)).assertStatus(404)
    ;(await client.delete('/api/deck_collaborators/abc').bearerToken(owner.token)).assertStatus(404)
    ;(
      await client
        .put('/api/deck_collaborators/99999999')
        .bearerToken(owner.token)
        .json({ role: 'viewer' })
    ).assertStatus(404)
    const row = await db.from('deck_collaborators').where('id', viewer.collaboratorId).first()
    assert.equal(row.role, 'editor')
    assert.equal(row.state, 'active')
  })
})
