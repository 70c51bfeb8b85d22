import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { createDeck, signIn } from '#tests/support/content'
import { answer, start } from '../learning/support.js'
import { cardIdsOfTree, setCollaboration, share, sharedDeck } from './support.js'

const count = async (table: string, where: Record<string, unknown>) =>
  Number((await db.from(table).where(where).count('* as n').first()).n)

test.group('API participant: leaving a shared deck', (group) => {
  group.each.setup(() => resetState())

  test("DELETE decks/{id}/remove_shared_deck ends the participant's place and their own progress only", async ({
    client,
    assert,
  }) => {
    const { deck, sub, owner, participant } = await sharedDeck(client, 3)
    const other = await signIn()
    await share(deck, other.user, 'editor')
    for (const learner of [owner, participant, other]) {
      const [card] = (await start(client, learner, deck.id)).cards
      await answer(client, learner, deck.id, card, 'good')
    }
    const [, second] = await cardIdsOfTree(deck.id)
    ;(
      await client
        .delete(`/api/cards/${second}/suspend`)
        .bearerToken(participant.token)
        .json({ deck_id: deck.id })
    ).assertStatus(200)
    for (const learner of [participant, other])
      await client
        .delete(`/api/cards/${second}/suspend`)
        .bearerToken(learner.token)
        .json({ deck_id: deck.id })
    assert.equal(await count('card_suspensions', { user_id: participant.user.id }), 1)

    /* any deck of the tree names it */
    const response = await client
      .delete(`/api/decks/${sub.id}/remove_shared_deck`)
      .bearerToken(participant.token)
    response.assertStatus(204)
    assert.equal(
      await count('deck_collaborators', { deck_id: deck.id, user_id: participant.user.id }),
      0
    )
    assert.equal(await count('card_progress', { user_id: participant.user.id }), 0)
    assert.equal(await count('review_logs', { user_id: participant.user.id }), 0)
    assert.equal(await count('card_suspensions', { user_id: participant.user.id }), 0)
    /* the owner's and the other participant's stay */
    assert.equal(await count('card_progress', { user_id: owner.user.id }), 1)
    assert.equal(await count('review_logs', { user_id: other.user.id }), 1)
    assert.equal(await count('card_suspensions', { user_id: other.user.id }), 1)
    assert.equal(await count('deck_collaborators', { deck_id: deck.id, user_id: other.user.id }), 1)
    assert.equal(await count('decks', { root_deck_id: deck.id }), 2)

    /* gone from their list; they chose to leave, so the deck is simply not theirs: 404 */
    const list = await client.get('/api/decks').bearerToken(participant.token)
    assert.notInclude(
      list.body().decks.map((d: any) => d.id),
      deck.id
    )
    const again = await client
      .delete(`/api/decks/${deck.id}/remove_shared_deck`)
      .bearerToken(participant.token)
    again.assertStatus(404)
    ;(await client.get(`/api/decks/${deck.id}`).bearerToken(participant.token)).assertStatus(404)
  })

  test('the owner cannot leave (422); a stranger cannot (404); nothing changes', async ({
    client,
    assert,
  }) => {
    const { deck, owner, participant } = await sharedDeck(client, 1)
    const own = await client
      .delete(`/api/decks/${deck.id}/remove_shared_deck`)
      .bearerToken(owner.token)
    own.assertStatus(422)
    assert.equal(own.body().code, 'E_OWNER_CANNOT_LEAVE')
    assert.isString(own.body().body)
    const stranger = await signIn()
    const refused = await client
      .delete(`/api/decks/${deck.id}/remove_shared_deck`)
      .bearerToken(stranger.token)
    refused.assertStatus(404)
    assert.equal(refused.body().code, 'E_NOT_FOUND')
    const bad = await client
      .delete('/api/decks/abc/remove_shared_deck')
      .bearerToken(participant.token)
    bad.assertStatus(404)
    assert.equal(await count('deck_collaborators', { deck_id: deck.id }), 1)
    ;(await client.delete(`/api/decks/${deck.id}/remove_shared_deck`)).assertStatus(401)
  })
})

test.group('API participant: DELETE decks/{id} by a participant', (group) => {
  group.each.setup(() => resetState())

  test('a participant deleting the shared main deck deletes only their own place and progress', async ({
    client,
    assert,
  }) => {
    const { deck, owner, participant } = await sharedDeck(client, 2)
    for (const learner of [owner, participant]) {
      const [card] = (await start(client, learner, deck.id)).cards
      await answer(client, learner, deck.id, card, 'good')
    }
    ;(await client.delete(`/api/decks/${deck.id}`).bearerToken(participant.token)).assertStatus(204)
    assert.equal(await count('deck_collaborators', { deck_id: deck.id }), 0)
    assert.equal(await count('card_progress', { user_id: participant.user.id }), 0)
    assert.equal(await count('card_progress', { user_id: owner.user.id }), 1)
    assert.equal(await count('decks', { root_deck_id: deck.id }), 2)
    ;(await client.get(`/api/decks/${deck.id}`).bearerToken(owner.token)).assertStatus(200)
    ;(await client.get(`/api/decks/${deck.id}`).bearerToken(participant.token)).assertStatus(404)
    const stranger = await signIn()
    ;(await client.delete(`/api/decks/${deck.id}`).bearerToken(stranger.token)).assertStatus(404)
    assert.equal(await count('decks', { root_deck_id: deck.id }), 2)
  })
})

test.group('API participant: a deck no longer available', (group) => {
  group.each.setup(() => resetState())

  test("the owner deleting a shared deck removes everyone's access and progress; participants are told why", async ({
    client,
    assert,
  }) => {
    const { deck, sub, owner, participant } = await sharedDeck(client, 2)
    const [card] = (await start(client, participant, deck.id)).cards
    await answer(client, participant, deck.id, card, 'good')
    /* a participant may not delete a subdeck of it for everyone */
    ;(await client.delete(`/api/decks/${sub.id}`).bearerToken(participant.token)).assertStatus(403)

    ;(await client.delete(`/api/decks/${deck.id}`).bearerToken(owner.token)).assertStatus(204)
    assert.equal(await count('card_progress', { user_id: participant.user.id }), 0)
    assert.equal(await count('review_logs', { user_id: participant.user.id }), 0)
    assert.equal(await count('deck_collaborators', { user_id: participant.user.id }), 0)

    for (const id of [deck.id, sub.id]) {
      const gone = await client.get(`/api/decks/${id}`).bearerToken(participant.token)
      gone.assertStatus(410)
      assert.equal(gone.body().code, 'E_DECK_UNAVAILABLE')
      assert.equal(gone.body().reason, 'deleted_by_owner')
      assert.isString(gone.body().body)
    }
    const study = await client
      .get('/api/v2/learning/start')
      .bearerToken(participant.token)
      .qs({ deck_id: deck.id })
    study.assertStatus(410)
    assert.equal(study.body().reason, 'deleted_by_owner')
    /* anyone who never took part: a plain 404, as for any deck they cannot see */
    const stranger = await signIn()
    const notFound = await client.get(`/api/decks/${deck.id}`).bearerToken(stranger.token)
    notFound.assertStatus(404)
    assert.equal(notFound.body().code, 'E_NOT_FOUND')
    ;(await client.get(`/api/decks/${deck.id}`).bearerToken(owner.token)).assertStatus(404)
  })

  test(
    'the owner deleting their account: participants of their shared decks are told the deck was deleted by ' +
      'its owner',
    async ({ client, assert }) => {
      const { deck, owner, participant } = await sharedDeck(client, 1)
      ;(await client.delete(`/api/users/${owner.user.id}`).bearerToken(owner.token)).assertStatus(
        204
      )
      const gone = await client.get(`/api/decks/${deck.id}`).bearerToken(participant.token)
      gone.assertStatus(410)
      assert.equal(gone.body().reason, 'deleted_by_owner')
      const stranger = await signIn()
      ;(await client.get(`/api/decks/${deck.id}`).bearerToken(stranger.token)).assertStatus(404)
    }
  )

  test('access removed (deleted) or sharing stopped (disabled): the reason the collaborator row gives', async ({
    client,
    assert,
  }) => {
    const { deck, sub, participant } = await sharedDeck(client, 1)
    await setCollaboration(deck, participant.user, 'deleted')
    const removed = await client.get(`/api/decks/${sub.id}`).bearerToken(participant.token)
    removed.assertStatus(410)
    assert.equal(removed.body().reason, 'access_removed')
    assert.notInclude(
      (await client.get('/api/decks').bearerToken(participant.token))
        .body()
        .decks.map((d: any) => d.id),
      deck.id
    )
    await setCollaboration(deck, participant.user, 'disabled')
    const stopped = await client.get(`/api/decks/${deck.id}`).bearerToken(participant.token)
    stopped.assertStatus(410)
    assert.equal(stopped.body().reason, 'sharing_stopped')
    const stranger = await signIn()
    ;(await client.get(`/api/decks/${deck.id}`).bearerToken(stranger.token)).assertStatus(404)
  })

  test('GET decks lists the shared decks no longer available, with why, until the participant dismisses them', async ({
    client,
    assert,
  }) => {
    const first = await sharedDeck(client, 1)
    const { participant } = first
    const second = await sharedDeck(client, 1)
    await share(second.deck, participant.user)
    const third = await sharedDeck(client, 1)
    await share(third.deck, participant.user)
    const [card] = (await start(client, participant, second.deck.id)).cards
    await answer(client, participant, second.deck.id, card, 'good')
    ;(
      await client.delete(`/api/decks/${first.deck.id}`).bearerToken(first.owner.token)
    ).assertStatus(204)
    await setCollaboration(second.deck, participant.user, 'deleted')
    await setCollaboration(third.deck, participant.user, 'disabled')

    const list = await client.get('/api/decks').bearerToken(participant.token)
    list.assertStatus(200)
    assert.deepEqual(list.body().unavailableDecks, [
      { id: first.deck.id, name: 'Shared biology', reason: 'deleted_by_owner' },
      { id: second.deck.id, name: 'Shared biology', reason: 'access_removed' },
      { id: third.deck.id, name: 'Shared biology', reason: 'sharing_stopped' },
    ])
    /* nobody else hears of them */
    assert.deepEqual(
      (await client.get('/api/decks').bearerToken(second.owner.token)).body().unavailableDecks,
      []
    )
    assert.deepEqual(
      (await client.get('/api/decks').bearerToken((await signIn()).token)).body().unavailableDecks,
      []
    )

    /*
     * dismissing: the notice goes (with their own progress on a tree that still exists), then the deck is
     * simply not theirs
     */
    for (const { deck } of [first, second]) {
      ;(
        await client
          .delete(`/api/decks/${deck.id}/remove_shared_deck`)
          .bearerToken(participant.token)
      ).assertStatus(204)
      ;(await client.get(`/api/decks/${deck.id}`).bearerToken(participant.token)).assertStatus(404)
    }
    assert.equal(await count('card_progress', { user_id: participant.user.id }), 0)
    assert.deepEqual(
      (await client.get('/api/decks').bearerToken(participant.token))
        .body()
        .unavailableDecks.map((d: any) => d.id),
      [third.deck.id]
    )
    /* a stranger cannot dismiss anything of theirs */
    ;(
      await client
        .delete(`/api/decks/${third.deck.id}/remove_shared_deck`)
        .bearerToken((await signIn()).token)
    ).assertStatus(404)
    assert.equal(
      await count('deck_collaborators', { deck_id: third.deck.id, user_id: participant.user.id }),
      1
    )
  })

  test(
    "a shared deck with no cards: emptyDeck with sharedDeckEmpty for the participant, not for an owner's own " +
      'empty deck',
    async ({ client, assert }) => {
      const owner = await signIn()
      const deck = await createDeck(client, owner.token, { name: 'Nothing yet' })
      const participant = await signIn()
      await share(deck, participant.user)
      const theirs = await start(client, participant, deck.id)
      assert.equal(theirs.errorType, 'emptyDeck')
      assert.isTrue(theirs.sharedDeckEmpty)
      const owners = await start(client, owner, deck.id)
      assert.equal(owners.errorType, 'emptyDeck')
      assert.isFalse(owners.sharedDeckEmpty)
      const stranger = await signIn()
      ;(
        await client
          .get('/api/v2/learning/start')
          .bearerToken(stranger.token)
          .qs({ deck_id: deck.id })
      ).assertStatus(404)
    }
  )
})
