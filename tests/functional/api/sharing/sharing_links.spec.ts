import { test } from '@japa/runner'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { basicNote, createDeck, getDeck, signIn } from '#tests/support/content'
import { join, participant, share, sharedDeck } from './support.js'

test.group('API sharing: turning sharing on and off', (group) => {
  group.each.setup(() => resetState())

  test('on gives a long random token and an absolute link; the owner alone sees them', async ({
    client,
    assert,
  }) => {
    const { owner, deck, token, link } = await sharedDeck(client)
    assert.match(token, /^[A-Za-z0-9_-]{43}$/)
    assert.match(link, new RegExp(`^https?://[^/]+/shared/${token}$`))
    const again = await share(client, owner, deck.id)
    assert.equal(again.sharingToken, token, 'turning on what is on keeps the link')
    assert.deepEqual(again.collaboration, { count: 0, role: 'owner', state: 'active' })

    const viewer = await participant(client, token)
    const seen = await getDeck(client, viewer.token, deck.id)
    assert.isTrue(seen.sharingEnabled)
    assert.isNull(seen.sharingToken)
    assert.isNull(seen.sharingLink)
    assert.deepEqual(seen.collaboration, { count: 1, role: 'viewer', state: 'active' })
    assert.equal(seen.owner.id, owner.user.id)

    const list = await client.get('/api/decks').bearerToken(owner.token)
    const listed = list.body().decks.find((item: any) => item.id === deck.id)
    assert.deepEqual(listed.collaboration, { count: 1, role: 'owner', state: 'active' })
    assert.equal(listed.sharingToken, token)
    const sub = list.body().decks.find((item: any) => item.parentId === deck.id)
    assert.equal(sub.sharingEnabled, true, "a subdeck reports its tree's sharing")
  })

  test('off kills the link and disables the participants; on again gives a new token', async ({
    client,
    assert,
  }) => {
    const { owner, deck, token } = await sharedDeck(client)
    const viewer = await participant(client, token)
    const off = await share(client, owner, deck.id, false)
    assert.isFalse(off.sharingEnabled)
    assert.isNull(off.sharingToken)
    assert.isNull(off.sharingLink)
    assert.equal(off.collaboration.count, 0)

    ;(await client.get(`/api/v2/decks/${token}`)).assertStatus(404)
    const stopped = await client.get(`/api/decks/${deck.id}`).bearerToken(viewer.token)
    stopped.assertStatus(410)
    assert.equal(stopped.body().reason, 'sharing_stopped')
    assertErrorBody(assert, (await join(client, viewer, token)).body(), 'E_NOT_FOUND')

    const on = await share(client, owner, deck.id)
    assert.notEqual(on.sharingToken, token)
    /* sharing is on again, but the old participants come back only through the new link */
    ;(await client.get(`/api/decks/${deck.id}`).bearerToken(viewer.token)).assertStatus(410)
    const back = await join(client, viewer, on.sharingToken)
    back.assertStatus(200)
    assert.equal(
      back.body().deckCollaborator.id,
      viewer.collaboratorId,
      'the disabled row comes back'
    )
    assert.equal(back.body().deckCollaborator.state, 'active')
    ;(await client.get(`/api/decks/${deck.id}`).bearerToken(viewer.token)).assertStatus(200)
  })

  test('a subdeck cannot be shared alone; a participant and a stranger cannot turn sharing', async ({
    client,
    assert,
  }) => {
    const { owner, deck, sub, token } = await sharedDeck(client)
    const refused = await client
      .put(`/api/decks/${sub.id}`)
      .bearerToken(owner.token)
      .json({ deck: { sharing_enabled: true } })
    refused.assertStatus(422)
    assertErrorBody(assert, refused.body(), 'E_SUBDECK_NOT_SHAREABLE')

    const editor = await participant(client, token, 'editor', owner)
    const byEditor = await client
      .put(`/api/decks/${deck.id}`)
      .bearerToken(editor.token)
      .json({ deck: { sharing_enabled: false } })
    byEditor.assertStatus(403)
    assert.equal(byEditor.body().code, 'E_FORBIDDEN')
    const stranger = await signIn()
    ;(
      await client
        .put(`/api/decks/${deck.id}`)
        .bearerToken(stranger.token)
        .json({ deck: { sharing_enabled: false } })
    ).assertStatus(404)
    assert.equal((await getDeck(client, owner.token, deck.id)).sharingToken, token)
  })
})

test.group('API sharing: the shared deck by its token', (group) => {
  group.each.setup(() => resetState())

  test('signed out and signed in: the deck, its owner, counts, subdecks, notes and cards', async ({
    client,
    assert,
  }) => {
    const { owner, deck, sub, token } = await sharedDeck(client)
    await basicNote(
      client,
      owner.token,
      deck.id,
      'Mitochondria',
      'Powerhouse <img src=x onerror=alert(1)>'
    )
    await basicNote(client, owner.token, sub.id, 'Ribosome', 'Makes proteins', { reverse: true })

    const open = await client.get(`/api/v2/decks/${token}`)
    open.assertStatus(200)
    const body = open.body()
    assert.equal(body.name, 'Shared biology')
    assert.equal(body.notesCount, 2)
    assert.equal(body.cardsCount, 3)
    assert.deepEqual(
      body.subdecks.map((item: any) => [item.id, item.notesCount]),
      [[sub.id, 1]]
    )
    assert.deepEqual(body.ownedBy, {
      id: owner.user.id,
      name: owner.user.name,
      username: owner.user.username,
      avatarColor: owner.user.avatarColor,
      avatarUrl: null,
    })
    assert.isFalse(body.isLearningByCurrentUser)
    assert.isFalse(body.isOwnedByCurrentUser)
    assert.equal(body.sharingToken, token)
    assert.match(body.sharingLink, new RegExp(`/shared/${token}$`))

    const mine = await client.get(`/api/v2/decks/${token}`).bearerToken(owner.token)
    assert.isTrue(mine.body().isOwnedByCurrentUser)
    const viewer = await participant(client, token)
    assert.isTrue(
      (await client.get(`/api/v2/decks/${token}`).bearerToken(viewer.token)).body()
        .isLearningByCurrentUser
    )
    ;(await client.get(`/api/v2/decks/${token}`).bearerToken('not-a-token')).assertStatus(401)

    const notes = await client.get(`/api/v2/decks/${token}/notes`).qs({ offset: 1, limit: 1 })
    notes.assertStatus(200)
    assert.equal(notes.body().total, 2)
    assert.lengthOf(notes.body().notes, 1)
    assert.equal(notes.body().limit, 1)

    const plain = await client.get(`/api/v2/decks/${token}/cards`).qs({ limit: 10 })
    plain.assertStatus(200)
    assert.lengthOf(plain.body().cards, 3)
    assert.isNull(plain.body().cards[0].front)
    const html = await client
      .get(`/api/v2/decks/${token}/cards`)
      .qs({ limit: 10, html_preview: true })
    const backs = html
      .body()
      .cards.map((card: any) => card.back)
      .join('\n')
    assert.include(backs, 'Powerhouse')
    assert.notInclude(backs, 'onerror', 'the preview is sanitized')
    ;(await client.get(`/api/v2/decks/${token}/cards`).qs({ limit: 101 })).assertStatus(422)
  })

  test('an unknown or malformed token is a 404', async ({ client, assert }) => {
    await sharedDeck(client)
    for (const token of ['A'.repeat(43), 'short', '%27%20or%201%3D1', 'x'.repeat(300)]) {
      const response = await client.get(`/api/v2/decks/${token}`)
      response.assertStatus(404)
      assertErrorBody(assert, response.body(), 'E_NOT_FOUND')
      ;(await client.get(`/api/v2/decks/${token}/notes`)).assertStatus(404)
      ;(await client.get(`/api/v2/decks/${token}/cards`)).assertStatus(404)
    }
    const own = await signIn()
    const unshared = await createDeck(client, own.token, { name: 'Private' })
    assert.isNull((await getDeck(client, own.token, unshared.id)).sharingToken)
  })

  test('the public reads are rate-limited per address: 120 a minute, then a 429 with Retry-After', async ({
    client,
    assert,
  }) => {
    const { token } = await sharedDeck(client)
    for (let index = 0; index < 120; index++) {
      const response = await client.get(`/api/v2/decks/${index % 2 ? token : 'C'.repeat(43)}`)
      assert.equal(response.status(), index % 2 ? 200 : 404)
    }
    const blocked = await client.get(`/api/v2/decks/${token}/notes`)
    blocked.assertStatus(429)
    assertErrorBody(assert, blocked.body(), 'E_TOO_MANY_REQUESTS')
    assert.isAbove(Number(blocked.header('retry-after')), 0)
  })
})
