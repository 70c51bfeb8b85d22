import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState, tokenFor } from '#tests/support/helpers'
import { basicNote, createDeck, signIn } from '#tests/support/content'
import { resolveAlgorithm } from '#scheduling/presets'
import { outcomesFor } from '#scheduling/scheduler'
import { progressOf } from '#scheduling/progress_row'
import { NEW_PROGRESS, type Answer, type Progress } from '#scheduling/types'
import {
  answer,
  cardIdsOf,
  learnerWithDeck,
  oneStudyDayAgo,
  progressRow,
  reviewCount,
  start,
  studiedOn,
} from '#tests/functional/api/learning/support'
import { setCollaboration, share } from '#tests/functional/api/participants/support'
import { flagFromElsewhere } from '#tests/functional/api/limits/support'
import { signedIn, pageCall as call } from '#tests/support/web_session'
import { createDeck as createDeckAction } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'

/*
 * The replay of answers given offline (decision 0095): each answer once
 * whatever the uploads, a card studied elsewhere meanwhile worked out again
 * from its whole history in time order, what is not applied told with why,
 * the plan's limits held per study day, and the streak counting the day.
 */

const MINUTE = 60_000

const replay = (client: any, token: string, reviews: object[]) =>
  client.post('/api/learning/log_cards_review').bearerToken(token).json({ reviews })

/** The card as the scheduler alone makes it from a new card through these answers, in time order. */
function recomputed(cardId: number, answers: { answer: Answer; at: Date }[]): Progress {
  const algorithm = resolveAlgorithm('general', {})
  return answers.reduce(
    (progress, step) =>
      outcomesFor({ cardId, progress, algorithm, fsrsParameters: null, now: step.at })[step.answer]!
        .progress,
    { ...NEW_PROGRESS }
  )
}

test.group('API: replaying offline answers', (group) => {
  group.each.setup(() => resetState())

  test('the same batch uploaded at once from two devices and a retry is recorded once', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 4)
    const ids = await cardIdsOf(session.deck.id)
    const other = await tokenFor(session.user)
    const t0 = oneStudyDayAgo(30, 3)
    const batch = ids.map((cardId, index) => ({
      deck_id: session.deck.id,
      card_id: cardId,
      answer: 'good',
      reviewed_at: new Date(t0 + index * MINUTE).toISOString(),
      review_duration_ms: 2500,
      client_review_id: randomUUID(),
    }))
    const replies = await Promise.all([
      replay(client, session.token, batch),
      replay(client, session.token, batch),
      replay(client, other, batch),
      replay(client, other, [...batch].reverse()),
    ])
    for (const reply of replies) reply.assertStatus(200)
    const bodies = replies.map((reply) => reply.body())
    assert.equal(
      bodies.reduce((sum, body) => sum + body.accepted, 0),
      4
    )
    assert.equal(
      bodies.reduce((sum, body) => sum + body.duplicates, 0),
      12
    )
    assert.equal(await reviewCount(session.user.id), 4)
    assert.equal(await studiedOn(session.user.id, session.user.today(new Date(t0))), 4)
    /* every reply names each answer by its id, and the cards as they are now */
    for (const body of bodies) {
      assert.sameMembers(
        body.results.map((result: any) => result.clientReviewId),
        batch.map((review) => review.client_review_id)
      )
      assert.deepEqual(
        body.cards.map((card: any) => [card.cardId, card.version, card.progress.state]),
        ids.map((id) => [id, 1, 'learning'])
      )
    }
    /* a retry whose time was written anew is still the same answer: its id says so */
    const moved = batch.map((review) => ({ ...review, reviewed_at: new Date().toISOString() }))
    const retry = await replay(client, session.token, moved)
    assert.include(retry.body(), { accepted: 0, duplicates: 4 })
    assert.equal(await reviewCount(session.user.id), 4)
  })

  test('two devices study one card, one offline: both answers kept, the schedule recomputed in time order', async ({
    client,
    assert,
  }) => {
    const phone = await learnerWithDeck(client, 1)
    const [cardId] = await cardIdsOf(phone.deck.id)
    const laptop = { ...phone, token: await tokenFor(phone.user) }
    /* the phone, offline, answered Again ten minutes ago; the laptop, online, answers Good now */
    const offlineAt = new Date(Date.now() - 10 * MINUTE)
    const session = await start(client, laptop, laptop.deck.id)
    await answer(client, laptop, laptop.deck.id, session.card, 'good')
    const online = await db.from('review_logs').where('card_id', cardId).first()

    const reply = await replay(client, phone.token, [
      {
        deck_id: phone.deck.id,
        card_id: cardId,
        answer: 'again',
        reviewed_at: offlineAt.toISOString(),
        client_review_id: randomUUID(),
      },
    ])
    reply.assertStatus(200)
    assert.include(reply.body(), { accepted: 1, duplicates: 0 })
    assert.deepInclude(reply.body().results[0], {
      cardId,
      status: 'applied',
      reason: null,
      recomputed: true,
    })

    const history = await db.from('review_logs').where('card_id', cardId).orderBy('reviewed_at')
    assert.deepEqual(
      history.map((row) => [row.answer, row.source]),
      [
        ['again', 'offline'],
        ['good', 'session'],
      ]
    )
    const expected = recomputed(cardId, [
      { answer: 'again', at: offlineAt },
      { answer: 'good', at: new Date(online.reviewed_at) },
    ])
    const stored = progressOf(await progressRow(phone.user.id, cardId))
    assert.deepEqual(stored, expected)
    assert.deepEqual(reply.body().cards[0].progress, {
      ...expected,
      dueAt: expected.dueAt?.toISOString() ?? null,
      lastReviewedAt: expected.lastReviewedAt?.toISOString() ?? null,
    })
    /* the online answer's row now says what it did to the card as recomputed; undo puts back the Again */
    assert.equal(history[1].state_before, 'learning')
    assert.equal(history[1].previous.state, 'learning')
    assert.equal(history[1].due_at_after.getTime(), expected.dueAt!.getTime())
  })

  test('a note deleted, a deck archived or unshared, a wrong button: told, not applied, never a 500', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 2)
    const [kept, deleted] = await cardIdsOf(session.deck.id)
    const archived = await createDeck(client, session.token, { name: 'Old' })
    await basicNote(client, session.token, archived.id, 'Old?', 'Yes')
    const [oldCard] = await cardIdsOf(archived.id)
    const owner = await signIn()
    const shared = await createDeck(client, owner.token, { name: 'Shared' })
    await basicNote(client, owner.token, shared.id, 'Shared?', 'Yes')
    const [sharedCard] = await cardIdsOf(shared.id)
    await share(shared, session.user)

    const note = await db.from('cards').where('id', deleted).first()
    ;(
      await client
        .delete('/api/notes/bulk_destroy')
        .bearerToken(session.token)
        .json({ deck_id: session.deck.id, ids: [note.note_id] })
    ).assertStatus(200)
    ;(
      await client.post(`/api/decks/${archived.id}/archive`).bearerToken(session.token)
    ).assertStatus(200)
    await setCollaboration(shared, session.user, 'disabled')

    const at = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString()
    const review = (deckId: number, cardId: number, answerName: string, minutes: number) => ({
      deck_id: deckId,
      card_id: cardId,
      answer: answerName,
      reviewed_at: at(minutes),
    })
    const reply = await replay(client, session.token, [
      review(session.deck.id, kept, 'good', 50),
      review(session.deck.id, deleted, 'good', 40),
      review(archived.id, oldCard, 'good', 30),
      review(shared.id, sharedCard, 'good', 20),
      review(session.deck.id, kept, 'got_it', 10),
      review(session.deck.id, oldCard, 'good', 5),
    ])
    reply.assertStatus(200)
    assert.deepEqual(
      reply.body().results.map((result: any) => [result.status, result.reason]),
      [
        ['applied', null],
        ['rejected', 'note_deleted'],
        ['rejected', 'deck_archived'],
        ['rejected', 'deck_unavailable'],
        ['rejected', 'invalid_answer'],
        ['rejected', 'not_in_deck'],
      ]
    )
    assert.equal(reply.body().accepted, 1)
    assert.lengthOf(reply.body().rejected, 5)
    assert.equal(await reviewCount(session.user.id), 1)

    /* a batch naming only decks the learner never saw is a 404, as any call on another's deck */
    const stranger = await signIn()
    const refused = await replay(client, stranger.token, [review(session.deck.id, kept, 'good', 1)])
    refused.assertStatus(404)
    assertErrorBody(assert, refused.body(), 'E_NOT_FOUND')
  })

  test('the daily limit holds on replay per study day; a card begun that day is free; none for premium', async ({
    client,
    assert,
  }) => {
    await flagFromElsewhere('cards_to_paywall', 2)
    try {
      const session = await learnerWithDeck(client, 4)
      const [a, b, c, d] = await cardIdsOf(session.deck.id)
      const now = oneStudyDayAgo(20, 4)
      const yesterday = now - 26 * 60 * MINUTE
      const review = (cardId: number, answerName: string, at: number) => ({
        deck_id: session.deck.id,
        card_id: cardId,
        answer: answerName,
        reviewed_at: new Date(at).toISOString(),
        client_review_id: randomUUID(),
      })
      const reply = await replay(client, session.token, [
        review(c, 'good', yesterday),
        review(a, 'again', now),
        review(b, 'good', now + MINUTE),
        review(c, 'good', now + 2 * MINUTE),
        review(d, 'good', now + 3 * MINUTE),
        review(a, 'good', now + 4 * MINUTE),
      ])
      reply.assertStatus(200)
      assert.deepEqual(
        reply.body().results.map((result: any) => [result.cardId, result.status, result.reason]),
        [
          [c, 'applied', null],
          [a, 'applied', null],
          [b, 'applied', null],
          [c, 'rejected', 'daily_limit'],
          [d, 'rejected', 'daily_limit'],
          [a, 'applied', null],
        ]
      )
      assert.equal(await reviewCount(session.user.id), 4)

      /* a premium learner has no such limit: the same answers all land */
      const premium = await learnerWithDeck(client, 4)
      await db.from('users').where('id', premium.user.id).update({ is_premium: true })
      const cards = await cardIdsOf(premium.deck.id)
      const all = await replay(
        client,
        premium.token,
        cards.map((cardId, index) => ({
          deck_id: premium.deck.id,
          card_id: cardId,
          answer: 'good',
          reviewed_at: new Date(now + index * MINUTE).toISOString(),
        }))
      )
      assert.include(all.body(), { accepted: 4, duplicates: 0 })
    } finally {
      await flagFromElsewhere('cards_to_paywall', 100)
    }
  })

  test('answers given offline count on their study day, and the streak counts that day', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 5)
    const ids = await cardIdsOf(session.deck.id)
    const yesterday = new Date(Date.now() - 24 * 60 * MINUTE)
    const day = session.user.today(yesterday)
    const reply = await replay(
      client,
      session.token,
      ids.map((cardId, index) => ({
        deck_id: session.deck.id,
        card_id: cardId,
        answer: 'good',
        reviewed_at: new Date(yesterday.getTime() + index * MINUTE).toISOString(),
      }))
    )
    assert.equal(reply.body().accepted, 5)
    assert.equal(await studiedOn(session.user.id, day), 5)
    const me = await client.get('/api/users/me').bearerToken(session.token)
    assert.include(me.body().streak, { totalActiveDays: 1 })
  })
})

test.group('Web: replaying offline answers', (group) => {
  group.each.setup(() => resetState())

  test('the session replays with CSRF, once; without the token it is refused', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeckAction(user, { name: 'Biology' })
    await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [{ front: 'Cell?', back: 'Unit' }],
    })
    const [cardId] = await cardIdsOf(deck.id)
    const body = {
      reviews: [
        {
          deck_id: deck.id,
          card_id: cardId,
          answer: 'easy',
          reviewed_at: new Date(Date.now() - MINUTE).toISOString(),
          client_review_id: randomUUID(),
        },
      ],
    }
    const refused = await call(web, 'POST', '/learn/offline_reviews', body, { csrf: false })
    assert.equal(refused.status, 403)
    assertErrorBody(assert, refused.body, 'E_BAD_CSRF_TOKEN')

    const first = await call(web, 'POST', '/learn/offline_reviews', body)
    assert.equal(first.status, 200)
    assert.include(first.body, { accepted: 1, duplicates: 0 })
    assert.equal(first.body.cards[0].progress.state, 'review')
    const again = await call(web, 'POST', '/learn/offline_reviews', body)
    assert.include(again.body, { accepted: 0, duplicates: 1 })
    assert.equal(await reviewCount(user.id), 1)

    const other = await signedIn('bo@example.test')
    const stranger = await call(other.web, 'POST', '/learn/offline_reviews', body)
    assert.equal(stranger.status, 404)
  })
})
