import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'
import { answer, start, studiedOn } from '../learning/support.js'
import { sharedDeck } from './support.js'

test.group('API participant: own daily limits, own progress', (group) => {
  group.each.setup(() => resetState())

  test(
    "PUT decks/{id} with only the limits writes the participant's row; their session reads it, the owner's " +
      'does not',
    async ({ client, assert }) => {
      const { deck, sub, owner, participant } = await sharedDeck(client, 3)
      const response = await client
        .put(`/api/decks/${deck.id}`)
        .bearerToken(participant.token)
        .json({ deck: { new_cards_per_day: 1, max_cards_per_day: 50 } })
      response.assertStatus(200)
      assert.deepEqual(response.body().configuration, {
        newCards: { newCardsPerDay: 1 },
        maxCards: { maxCardsPerDay: 50 },
      })
      const row = await db
        .from('deck_collaborators')
        .where({ deck_id: deck.id, user_id: participant.user.id })
        .first()
      assert.equal(row.new_cards_per_day, 1)
      assert.equal(row.max_cards_per_day, 50)
      const stored = await db.from('decks').where('id', deck.id).first()
      assert.isNull(stored.new_cards_per_day)
      assert.isNull(stored.max_cards_per_day)

      const theirs = await start(client, participant, deck.id)
      assert.equal(theirs.topCounters.new, 1)
      assert.lengthOf(theirs.cards, 1)
      const owners = await start(client, owner, deck.id)
      assert.equal(owners.topCounters.new, 3)

      /* the list and the deck show the participant their own limits, the owner theirs */
      const listed = (await client.get('/api/decks').bearerToken(participant.token))
        .body()
        .decks.find((d: any) => d.id === deck.id)
      assert.equal(listed.configuration.newCards.newCardsPerDay, 1)
      assert.equal(listed.toLearnTodayTotalCount, 1)
      const ownerView = (await client.get(`/api/decks/${deck.id}`).bearerToken(owner.token)).body()
      assert.isNull(ownerView.configuration.newCards.newCardsPerDay)

      /* the cards-per-day sheet (algorithm settings) shows them theirs too */
      const settings = await client
        .get(`/api/algorithm_settings/${deck.id}`)
        .bearerToken(participant.token)
      settings.assertStatus(200)
      assert.equal(settings.body().newCardsPerDay, 1)
      assert.equal(settings.body().maxCardsPerDay, 50)
      assert.equal(
        (await client.get(`/api/algorithm_settings/${deck.id}`).bearerToken(owner.token)).body()
          .newCardsPerDay,
        20
      )

      /* a subdeck's limits are the tree's: the same row */
      const onSub = await client
        .put(`/api/decks/${sub.id}`)
        .bearerToken(participant.token)
        .json({ deck: { new_cards_per_day: 2 } })
      onSub.assertStatus(200)
      assert.equal(
        (
          await db
            .from('deck_collaborators')
            .where({ deck_id: deck.id, user_id: participant.user.id })
            .first()
        ).new_cards_per_day,
        2
      )
    }
  )

  test('a viewer still cannot change the deck itself (403, nothing written); a stranger gets 404', async ({
    client,
    assert,
  }) => {
    const { deck, participant } = await sharedDeck(client, 1)
    const rename = await client
      .put(`/api/decks/${deck.id}`)
      .bearerToken(participant.token)
      .json({ deck: { name: 'Mine now', new_cards_per_day: 5 } })
    rename.assertStatus(403)
    assert.equal((await db.from('decks').where('id', deck.id).first()).name, 'Shared biology')
    assert.isNull(
      (
        await db
          .from('deck_collaborators')
          .where({ deck_id: deck.id, user_id: participant.user.id })
          .first()
      ).new_cards_per_day
    )
    const stranger = await signIn()
    const refused = await client
      .put(`/api/decks/${deck.id}`)
      .bearerToken(stranger.token)
      .json({ deck: { new_cards_per_day: 5 } })
    refused.assertStatus(404)
  })

  test("a participant's answers count in their streak and statistics, not the owner's", async ({
    client,
    assert,
  }) => {
    const { deck, owner, participant } = await sharedDeck(client, 5)
    const session = await start(client, participant, deck.id)
    let cards = session.cards
    for (let done = 0; done < 5;) {
      for (const card of cards) {
        await answer(client, participant, deck.id, card, 'easy')
        done++
      }
      if (done < 5) cards = (await start(client, participant, deck.id)).cards
    }
    const today = participant.user.today()
    assert.equal(await studiedOn(participant.user.id, today), 5)
    assert.equal(await studiedOn(owner.user.id, today), 0)

    const theirStats = await client
      .get('/api/statistics')
      .bearerToken(participant.token)
      .qs({ deck_id: deck.id })
    theirStats.assertStatus(200)
    assert.equal(theirStats.body().heatmap.totalReviews, 5)
    const ownerStats = await client
      .get('/api/statistics')
      .bearerToken(owner.token)
      .qs({ deck_id: deck.id })
    ownerStats.assertStatus(200)
    assert.equal(ownerStats.body().heatmap.totalReviews, 0)

    const theirMe = await client.get('/api/users/me').bearerToken(participant.token)
    const ownerMe = await client.get('/api/users/me').bearerToken(owner.token)
    assert.equal(theirMe.body().streak.currentDuration, 1)
    assert.equal(ownerMe.body().streak.currentDuration, 0)
    /* the owner's counters still show every card new */
    const ownerDeck = (await client.get(`/api/decks/${deck.id}`).bearerToken(owner.token)).body()
    assert.equal(ownerDeck.newCardsCount, 5)
  })
})
