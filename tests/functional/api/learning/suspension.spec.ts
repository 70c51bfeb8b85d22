import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { basicNote, getDeck, listNotes, signIn } from '#tests/support/content'
import { cardIdsOf, learnerWithDeck, progressRow, reviewCount, start } from './support.js'

/*
 * DELETE cards/{id}/suspend, "cards can be removed (suspended)": the card
 * leaves the learner's study and everything stays; the deck's note list shows
 * it and notes/bulk_action unsuspend brings it back.
 */

const suspend = (client: any, token: string, cardId: number) =>
  client.delete(`/api/cards/${cardId}/suspend`).bearerToken(token)

const specAnswer = (client: any, session: any, cardId: number, answer: string) =>
  client
    .post('/api/v2/learning/answer')
    .bearerToken(session.token)
    .json({ deck_id: session.deck.id, card_id: cardId, answer, review_duration_ms: 3000 })

test.group('API learning: removing (suspending) a card', (group) => {
  group.each.setup(() => resetState())

  test(
    'DELETE cards/{id}/suspend takes the card out of study and keeps the note, its other card, the progress ' +
      'and the history',
    async ({ client, assert }) => {
      const session = await learnerWithDeck(client, 1)
      const reversed = await basicNote(client, session.token, session.deck.id, 'gato', 'cat', {
        reverse: true,
      })
      const [single, front, back] = await cardIdsOf(session.deck.id)
      ;(await specAnswer(client, session, front, 'good')).assertStatus(200)
      const progressBefore = await progressRow(session.user.id, front)

      /* the spec's call: no body */
      const response = await suspend(client, session.token, front)
      response.assertStatus(200)
      assert.include(response.body(), {
        cardId: front,
        noteId: reversed.id,
        deckId: session.deck.id,
        suspended: true,
      })
      assert.deepEqual(response.body().removedCardIds, [front])
      assert.properties(response.body().topCounters, ['new', 'learning', 'graduated'])

      assert.isNotNull(await db.from('notes').where('id', reversed.id).first())
      assert.deepEqual(await cardIdsOf(session.deck.id), [single, front, back])
      assert.deepEqual(await progressRow(session.user.id, front), progressBefore)
      assert.equal(await reviewCount(session.user.id, front), 1)

      /* out of sessions; the sibling card stays in study */
      const body = await start(client, session, session.deck.id)
      assert.sameMembers(
        body.cards.map((card: any) => card.id),
        [single, back]
      )
      assert.deepEqual(body.topCounters, { new: 2, learning: 0, graduated: 0 })
      const refused = await client.post('/api/v2/learning/answer').bearerToken(session.token).json({
        deck_id: session.deck.id,
        card_id: front,
        answer: 'good',
        review_duration_ms: 3000,
        version: progressBefore.version,
      })
      refused.assertStatus(409)
      assertErrorBody(assert, refused.body(), 'E_CARD_SUSPENDED')
      assert.equal(await reviewCount(session.user.id, front), 1)

      /* the deck's counters of studyable cards leave it out */
      const deck = await getDeck(client, session.token, session.deck.id)
      assert.include(deck, { newCardsCount: 2, learningCardsCount: 0, toLearnTodayTotalCount: 2 })

      /* removing it again changes nothing and is not an error */
      ;(await suspend(client, session.token, front)).assertStatus(200)
      assert.equal(Number((await db.from('card_suspensions').count('* as n').first()).n), 1)
    }
  )

  test(
    'GET notes shows the note as suspended (and filters on it); bulk_action unsuspend brings the card back ' +
      'as it was',
    async ({ client, assert }) => {
      const session = await learnerWithDeck(client, 3)
      const [first, second] = await cardIdsOf(session.deck.id)
      ;(await specAnswer(client, session, first, 'easy')).assertStatus(200)
      const progress = await progressRow(session.user.id, first)
      ;(await suspend(client, session.token, first)).assertStatus(200)

      const list = await listNotes(client, session.token, { deck_id: session.deck.id })
      const shown = list.notes.find((note: any) => note.id === session.notes[0].id)
      assert.include(shown, {
        isSuspended: true,
        suspendedCardsCount: 1,
        learningState: 'graduated',
      })
      assert.isNull(shown.nextReviewAt, 'a card out of study has no next review')
      assert.isFalse(list.notes.find((note: any) => note.id === session.notes[1].id).isSuspended)
      const onlySuspended = await listNotes(client, session.token, {
        deck_id: session.deck.id,
        suspended: true,
      })
      assert.deepEqual(
        onlySuspended.notes.map((note: any) => note.id),
        [session.notes[0].id]
      )
      const inStudy = await listNotes(client, session.token, {
        deck_id: session.deck.id,
        suspended: false,
      })
      assert.sameMembers(
        inStudy.notes.map((note: any) => note.id),
        [session.notes[1].id, session.notes[2].id]
      )
      const cards = await client
        .get('/api/notes/cards')
        .bearerToken(session.token)
        .qs({ deck_id: session.deck.id, ids: `${session.notes[0].id}` })
      assert.isTrue(cards.body().cards[0].isSuspended)

      const back = await client
        .post('/api/notes/bulk_action')
        .bearerToken(session.token)
        .json({
          bulk_action: 'unsuspend',
          note_ids: [session.notes[0].id],
          deck_id: session.deck.id,
          select_all: false,
        })
      back.assertStatus(200)
      assert.equal(back.body().count, 1)
      assert.deepEqual(
        await progressRow(session.user.id, first),
        progress,
        'the progress is as it was'
      )
      assert.isFalse(
        (await listNotes(client, session.token, { deck_id: session.deck.id })).notes.some(
          (note: any) => note.isSuspended
        )
      )

      /* bulk_action suspend takes every card of the notes out; select_all reaches the whole deck */
      ;(
        await client
          .post('/api/notes/bulk_action')
          .bearerToken(session.token)
          .json({
            bulk_action: 'suspend',
            note_ids: [session.notes[1].id],
            deck_id: session.deck.id,
          })
      ).assertStatus(200)
      assert.notInclude(
        (await start(client, session, session.deck.id)).cards.map((card: any) => card.id),
        second
      )
      ;(
        await client
          .post('/api/notes/bulk_action')
          .bearerToken(session.token)
          .json({ bulk_action: 'suspend', deck_id: session.deck.id, select_all: true })
      ).assertStatus(200)
      const none = await start(client, session, session.deck.id)
      assert.deepEqual(none.cards, [])
      assert.equal(
        none.errorType,
        'allCardsLearned',
        'a deck whose cards are all removed is not empty'
      )
      ;(
        await client
          .post('/api/notes/bulk_action')
          .bearerToken(session.token)
          .json({ bulk_action: 'unsuspend', deck_id: session.deck.id, select_all: true })
      ).assertStatus(200)
      /* all back: the two new cards (the first, answered Easy, is due in days) */
      assert.sameMembers(
        (await start(client, session, session.deck.id)).cards.map((card: any) => card.id),
        (await cardIdsOf(session.deck.id)).slice(1)
      )
    }
  )

  test('the new-card limit is filled from the cards still in study', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 4)
    ;(
      await client
        .put(`/api/decks/${session.deck.id}`)
        .bearerToken(session.token)
        .json({ deck: { new_cards_per_day: 3 } })
    ).assertStatus(200)
    const [first, second, third, fourth] = await cardIdsOf(session.deck.id)
    ;(await suspend(client, session.token, first)).assertStatus(200)
    ;(await suspend(client, session.token, second)).assertStatus(200)
    const body = await start(client, session, session.deck.id)
    assert.deepEqual(
      body.cards.map((card: any) => card.id),
      [third, fourth]
    )
    assert.equal(body.topCounters.new, 2)
    assert.include(await getDeck(client, session.token, session.deck.id), {
      newCardsCount: 2,
      toLearnTodayTotalCount: 2,
    })
  })

  test(
    "suspension is per learner: one learner's removal takes nothing from another; another learner cannot " +
      'remove a card',
    async ({ client, assert }) => {
      const owner = await learnerWithDeck(client, 2)
      const [card] = await cardIdsOf(owner.deck.id)
      const other = await signIn()

      const refused = await suspend(client, other.token, card)
      refused.assertStatus(404)
      assertErrorBody(assert, refused.body(), 'E_NOT_FOUND')
      const bulk = await client
        .post('/api/notes/bulk_action')
        .bearerToken(other.token)
        .json({ bulk_action: 'unsuspend', note_ids: [owner.notes[0].id], deck_id: owner.deck.id })
      bulk.assertStatus(404)
      assert.equal(Number((await db.from('card_suspensions').count('* as n').first()).n), 0)

      /*
       * another learner's removal of the card, as a shared deck's collaborator would write it (direct database
       * write)
       */
      await db
        .table('card_suspensions')
        .insert({ user_id: other.user.id, card_id: card, created_at: new Date() })
      const body = await start(client, owner, owner.deck.id)
      assert.include(
        body.cards.map((c: any) => c.id),
        card
      )
      assert.isFalse(
        (await listNotes(client, owner.token, { deck_id: owner.deck.id })).notes.some(
          (note: any) => note.isSuspended
        )
      )
      assert.include(await getDeck(client, owner.token, owner.deck.id), { newCardsCount: 2 })
    }
  )

  test('deleting a note stays an explicit delete', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 2)
    const [card] = await cardIdsOf(session.deck.id)
    ;(await suspend(client, session.token, card)).assertStatus(200)
    const destroyed = await client
      .delete('/api/notes/bulk_destroy')
      .bearerToken(session.token)
      .json({ ids: [session.notes[0].id], deck_id: session.deck.id })
    destroyed.assertStatus(200)
    assert.isNull(await db.from('notes').where('id', session.notes[0].id).first())
    assert.equal(
      Number((await db.from('card_suspensions').count('* as n').first()).n),
      0,
      'the removal goes with its card'
    )
  })
})
