import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { studyDay } from '#scheduling/study_day'
import { createDeck, signIn } from '#tests/support/content'
import {
  answer,
  answerRequest,
  cardIdsOf,
  learnerWithDeck,
  makeReviewCard,
  progressRow,
  reviewCount,
  start,
  studiedOn,
} from './support.js'

const buttons = (card: any) =>
  Object.fromEntries(card.answerButtons.map((button: any) => [button.type, button.repeatText]))

test.group('API learning: sessions', (group) => {
  group.each.setup(() => resetState())

  test('a deck without cards answers emptyDeck', async ({ client, assert }) => {
    const session = await signIn()
    const deck = await createDeck(client, session.token, { name: 'Empty' })
    const body = await start(client, session, deck.id)
    assert.equal(body.errorType, 'emptyDeck')
    assert.isNull(body.card)
    assert.deepEqual(body.cards, [])
    assert.deepEqual(body.topCounters, { new: 0, learning: 0, graduated: 0 })
  })

  test('start gives the first card, its four buttons with repeat texts, the next cards and the counters', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 9)
    const body = await start(client, session, session.deck.id)
    assert.isNull(body.errorType)
    assert.equal(body.algorithmType, 'spacedRepetition')
    assert.equal(body.scheduler, 'sm2')
    assert.isFalse(body.isUndoActionAvailable)
    /* 7 cards per fetch, the oldest notes first */
    assert.lengthOf(body.cards, 7)
    assert.equal(body.card.id, body.cards[0].id)
    assert.include(body.card.front, 'Question 1')
    assert.include(body.card.back, 'Answer 1')
    assert.equal(body.card.version, 0)
    assert.equal(body.card.state, 'new')
    /* steps '1 15': Again 1 m, Hard halfway (8 m), Good 15 m, Easy 4 days */
    assert.deepEqual(buttons(body.card), { again: '<1m', hard: '8m', good: '15m', easy: '4d' })
    assert.deepEqual(body.answerButtons, body.card.answerButtons)
    assert.deepEqual(body.topCounters, { new: 9, learning: 0, graduated: 0 })
    assert.deepEqual(body.dailyLimit, {
      limit: 100,
      studiedToday: 0,
      reached: false,
      kind: 'daily',
    })
  })

  test("repeat texts follow the learner's language", async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 1)
    const response = await client
      .get('/api/v2/learning/start')
      .bearerToken(session.token)
      .header('Accept-Language', 'fr')
      .qs({ deck_id: session.deck.id })
    response.assertStatus(200)
    assert.deepEqual(buttons(response.body().card), {
      again: '<1 min',
      hard: '8 min',
      good: '15 min',
      easy: '4 j',
    })
  })

  test('an answer moves the card on and writes one review with the study day', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 3)
    const { card } = await start(client, session, session.deck.id)
    const body = await answer(client, session, session.deck.id, card, 'good')
    assert.equal(body.card.state, 'learning')
    assert.equal(body.card.version, 1)
    assert.isFalse(body.replayed)
    assert.isTrue(body.isUndoActionAvailable)
    assert.deepEqual(body.topCounters, { new: 2, learning: 1, graduated: 0 })
    const row = await progressRow(session.user.id, card.id)
    assert.equal(row.state, 'learning')
    assert.equal(row.reps, 1)
    /* due after the second step, 15 minutes */
    assert.approximately(new Date(row.due_at).getTime() - Date.now(), 15 * 60_000, 10_000)
    const reviews = await db.from('review_logs').where('user_id', session.user.id)
    assert.lengthOf(reviews, 1)
    assert.include(reviews[0], {
      card_id: card.id,
      answer: 'good',
      rating: 3,
      kind: 'learn',
      state_before: 'new',
      version_before: 0,
      duration_ms: 4000,
    })
    assert.equal(reviews[0].study_day, studyDay(new Date(), 0))
    assert.equal(await studiedOn(session.user.id, studyDay(new Date(), 0)), 1)
  })

  test('a retried answer is recorded once and answers as the first did', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 2)
    const { card } = await start(client, session, session.deck.id)
    const first = await answer(client, session, session.deck.id, card, 'easy')
    const again = await answer(client, session, session.deck.id, card, 'easy')
    assert.isTrue(again.replayed)
    assert.equal(again.card.version, first.card.version)
    assert.equal(again.card.state, 'review')
    assert.equal(await reviewCount(session.user.id), 1)
    assert.equal(await studiedOn(session.user.id, studyDay(new Date(), 0)), 1)
    const user = await db.from('users').where('id', session.user.id).first()
    assert.equal(user.stats_cards_studied, 1)
  })

  test('two answers racing for the same card record exactly one review', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 2)
    const { card } = await start(client, session, session.deck.id)
    for (let round = 0; round < 3; round++) {
      const shown = {
        id: card.id,
        version: (await progressRow(session.user.id, card.id))?.version ?? 0,
      }
      const responses = await Promise.all([
        answerRequest(client, session, session.deck.id, shown, 'again'),
        answerRequest(client, session, session.deck.id, shown, 'good'),
        answerRequest(client, session, session.deck.id, shown, 'good'),
      ])
      const statuses = responses.map((response) => response.status())
      /* one answer wins; a duplicate of it replays, the other answer is stale */
      assert.includeMembers([200, 409], statuses)
      assert.isTrue(
        statuses.every((status) => status === 200 || status === 409),
        JSON.stringify(statuses)
      )
      const applied = responses.filter(
        (response) => response.status() === 200 && !response.body().replayed
      )
      assert.lengthOf(applied, 1)
      assert.equal(await reviewCount(session.user.id, card.id), round + 1)
      assert.equal((await progressRow(session.user.id, card.id)).version, shown.version + 1)
    }
  })

  test('an answer for a card changed since it was shown is refused and changes nothing', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 2)
    const { card } = await start(client, session, session.deck.id)
    await answer(client, session, session.deck.id, card, 'good')
    const before = await progressRow(session.user.id, card.id)
    const stale = await answerRequest(client, session, session.deck.id, card, 'again')
    stale.assertStatus(409)
    assertErrorBody(assert, stale.body(), 'E_STALE_ANSWER')
    const future = await answerRequest(
      client,
      session,
      session.deck.id,
      { id: card.id, version: 7 },
      'good'
    )
    future.assertStatus(409)
    assert.deepEqual(await progressRow(session.user.id, card.id), before)
    assert.equal(await reviewCount(session.user.id), 1)
  })

  test('undo restores the previous state exactly and removes its review', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 2)
    const [cardId] = await cardIdsOf(session.deck.id)
    await makeReviewCard(session.user.id, cardId, {
      intervalDays: 10,
      ease: 2.3,
      lapses: 2,
      dueAt: new Date(Date.now() - 86_400_000),
    })
    const before = await progressRow(session.user.id, cardId)
    const { card } = await start(client, session, session.deck.id)
    assert.equal(card.id, cardId, 'the due review comes before new cards')
    const answered = await answer(client, session, session.deck.id, card, 'again')
    assert.equal(answered.card.state, 'relearning')

    const undo = await client
      .delete('/api/learning/undo')
      .bearerToken(session.token)
      .qs({ deck_id: session.deck.id })
    undo.assertStatus(200)
    assert.equal(undo.body().card.id, cardId)
    assert.equal(undo.body().card.state, 'review')
    assert.isFalse(undo.body().isUndoActionAvailable)
    const after = await progressRow(session.user.id, cardId)
    const { version: v1, updated_at: u1, ...restored } = after
    const { version: v0, updated_at: u0, ...original } = before
    assert.deepEqual(restored, original)
    assert.isAbove(v1, v0, 'the version moves on so a retried old answer cannot land again')
    assert.equal(undo.body().card.version, v1)
    assert.equal(await reviewCount(session.user.id), 0)
    assert.equal(await studiedOn(session.user.id, studyDay(new Date(), 0)), 0)

    const retried = await answerRequest(
      client,
      session,
      session.deck.id,
      { id: cardId, version: v0 },
      'again'
    )
    retried.assertStatus(409)
    const nothing = await client.delete('/api/learning/undo').bearerToken(session.token)
    nothing.assertStatus(409)
    assertErrorBody(assert, nothing.body(), 'E_NOTHING_TO_UNDO')
  })

  test('undo walks back several answers, most recent first', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 3)
    const { cards } = await start(client, session, session.deck.id)
    await answer(client, session, session.deck.id, cards[0], 'good')
    await answer(client, session, session.deck.id, cards[1], 'easy')
    const first = await client.delete('/api/learning/undo').bearerToken(session.token)
    assert.equal(first.body().card.id, cards[1].id)
    assert.isTrue(first.body().isUndoActionAvailable)
    const second = await client.delete('/api/learning/undo').bearerToken(session.token)
    assert.equal(second.body().card.id, cards[0].id)
    assert.equal(second.body().card.state, 'new')
    assert.equal(await reviewCount(session.user.id), 0)
  })

  test('next cards never repeat what the client holds or what was just answered', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 10)
    const first = await start(client, session, session.deck.id)
    const held = first.cards.map((card: any) => card.id)
    await answer(client, session, session.deck.id, first.cards[0], 'good')
    await answer(client, session, session.deck.id, first.cards[1], 'easy')
    const rest = held.slice(2)
    const response = await client
      .get('/api/v2/learning/cards')
      .bearerToken(session.token)
      .qs({ deck_id: session.deck.id, exclude_ids: rest.join(',') })
    response.assertStatus(200)
    const next = response.body().cards.map((card: any) => card.id)
    assert.lengthOf(next, 3)
    for (const id of next) assert.notInclude(held, id)
    assert.equal(new Set(next).size, next.length)
    /* the older path answers the same */
    const v1 = await client
      .get('/api/learning/cards')
      .bearerToken(session.token)
      .qs({ deck_id: session.deck.id, exclude_ids: rest.join(','), limit: 2 })
    v1.assertStatus(200)
    assert.deepEqual(
      v1.body().cards.map((card: any) => card.id),
      next.slice(0, 2)
    )
  })

  test('a learning card comes back early when nothing else is left, and the deck then completes', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 1)
    let body = await start(client, session, session.deck.id)
    const result = await answer(client, session, session.deck.id, body.card, 'good')
    body = await start(client, session, session.deck.id)
    assert.equal(
      body.card.id,
      result.card.id,
      'learn-ahead: the 15 m step is shown rather than a wait'
    )
    assert.equal(body.card.version, 1)
    await answer(client, session, session.deck.id, body.card, 'good')
    body = await start(client, session, session.deck.id)
    assert.equal(body.errorType, 'allCardsLearned')
    assert.isNotNull(body.nextCardAppearsAt)
    assert.deepEqual(body.topCounters, { new: 0, learning: 0, graduated: 0 })
  })

  test('a session of a deck includes its subdecks', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 1)
    const child = await createDeck(client, session.token, {
      name: 'Child',
      parent_id: session.deck.id,
    })
    const { basicNote } = await import('#tests/support/content')
    await basicNote(client, session.token, child.id, 'In the subdeck')
    const body = await start(client, session, session.deck.id)
    assert.lengthOf(body.cards, 2)
    assert.includeMembers(
      body.cards.map((card: any) => card.deckId),
      [session.deck.id, child.id]
    )
    const childOnly = await start(client, session, child.id)
    assert.lengthOf(childOnly.cards, 1)
  })

  test('frozen cards are not studied, and answering one is refused', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 2)
    const { cards } = await start(client, session, session.deck.id)
    const freeze = await client
      .post('/api/notes/bulk_freeze')
      .bearerToken(session.token)
      .json({ deck_id: session.deck.id, ids: [cards[0].noteId] })
    freeze.assertStatus(200)
    const body = await start(client, session, session.deck.id)
    assert.deepEqual(
      body.cards.map((card: any) => card.id),
      [cards[1].id]
    )
    const refused = await answerRequest(client, session, session.deck.id, cards[0], 'good')
    refused.assertStatus(409)
    assertErrorBody(assert, refused.body(), 'E_CARD_FROZEN')
  })

  test('an archived deck cannot be studied', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 1)
    await client.post(`/api/decks/${session.deck.id}/archive`).bearerToken(session.token)
    const response = await client
      .get('/api/v2/learning/start')
      .bearerToken(session.token)
      .qs({ deck_id: session.deck.id })
    response.assertStatus(409)
    assertErrorBody(assert, response.body(), 'E_DECK_ARCHIVED')
  })

  test("an answer the deck's mode does not have is a validation error", async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 1)
    const { card } = await start(client, session, session.deck.id)
    const response = await answerRequest(client, session, session.deck.id, card, 'got_it')
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'answer')
    assert.equal(await reviewCount(session.user.id), 0)
  })

  test('a leech is frozen and the learner told', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 2)
    const [cardId] = await cardIdsOf(session.deck.id)
    await makeReviewCard(session.user.id, cardId, {
      intervalDays: 3,
      ease: 1.5,
      lapses: 7,
      dueAt: new Date(Date.now() - 1000),
    })
    const { card } = await start(client, session, session.deck.id)
    assert.equal(card.id, cardId)
    const body = await answer(client, session, session.deck.id, card, 'again')
    assert.isTrue(body.leech)
    assert.isTrue(body.card.isFrozen)
    const row = await progressRow(session.user.id, cardId)
    assert.equal(row.lapses, 8)
    assert.isTrue(row.frozen)
    const next = await start(client, session, session.deck.id)
    assert.notInclude(
      next.cards.map((c: any) => c.id),
      cardId
    )
  })

  test('the review path schedules as SM-2 does: interval 100, 8 days late', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 1)
    const [cardId] = await cardIdsOf(session.deck.id)
    await makeReviewCard(session.user.id, cardId, {
      intervalDays: 100,
      ease: 2.5,
      dueAt: new Date(Date.now() - 8 * 86_400_000 - 3600_000),
    })
    const { card } = await start(client, session, session.deck.id)
    const delays = Object.fromEntries(
      card.answerButtons.map((button: any) => [
        button.type,
        Math.round(button.delaySeconds / 86_400),
      ])
    )
    /* the fuzz moves these by a few days around 120 / 260 / 351 */
    assert.approximately(delays.hard, 120, 6)
    assert.approximately(delays.good, 260, 13)
    assert.approximately(delays.easy, 351, 18)
    assert.equal(delays.again, 0)
    const body = await answer(client, session, session.deck.id, card, 'good')
    assert.equal(body.card.state, 'review')
    const row = await progressRow(session.user.id, cardId)
    assert.equal(row.interval_days, delays.good)
    assert.equal(row.ease_permille, 2500)
  })

  test('card statistics: the sheet and the history', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 1)
    let body = await start(client, session, session.deck.id)
    await answer(client, session, session.deck.id, body.card, 'good')
    body = await start(client, session, session.deck.id)
    await answer(client, session, session.deck.id, body.card, 'good')
    const response = await client.get(`/api/cards/${body.card.id}/stats`).bearerToken(session.token)
    response.assertStatus(200)
    const stats = response.body()
    /* one day after graduating: learned, not mastered (that takes an interval of 21 days) */
    assert.equal(stats.status, 'learned')
    assert.equal(stats.reviewsCount, 2)
    assert.equal(stats.averageReviewTimeMs, 4000)
    assert.equal(stats.intervalDays, 1)
    assert.equal(stats.ease, 2.5)
    assert.isString(stats.nextReviewAt)
    assert.deepEqual(
      stats.history.map((entry: any) => entry.answer),
      ['good', 'good']
    )
    assert.deepEqual(
      stats.history.map((entry: any) => entry.kind),
      ['learn', 'learn']
    )
  })
})

/*
 * The spec's body, POST v2/learning/answer {deck_id, card_id, answer,
 * review_duration_ms}: no version. The answer is on the card as it is now;
 * the same answer arriving again (a client's network retry) replays.
 */
test.group("API learning: answers without version, as the spec's clients send them", (group) => {
  group.each.setup(() => resetState())

  const specAnswer = (
    client: any,
    session: any,
    cardId: number,
    rating: string,
    reviewDurationMs = 4000
  ) =>
    client.post('/api/v2/learning/answer').bearerToken(session.token).json({
      deck_id: session.deck.id,
      card_id: cardId,
      answer: rating,
      review_duration_ms: reviewDurationMs,
    })

  /*
   * Time passing for one card, as a direct database write: its last review
   * and its progress move `ms` into the past, as if the next request came
   * that much later.
   */
  async function timePasses(userId: number, cardId: number, ms: number) {
    const shift = `interval '${ms} milliseconds'`
    await db.rawQuery(
      `update review_logs set reviewed_at = reviewed_at - ${shift} where user_id = ? and card_id = ?`,
      [userId, cardId]
    )
    await db.rawQuery(
      `update card_progress set due_at = due_at - ${shift}, last_reviewed_at = last_reviewed_at - ${shift} ` +
        `where user_id = ? and card_id = ?`,
      [userId, cardId]
    )
  }

  test("the spec's body answers the card as it is now", async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 2)
    const { card } = await start(client, session, session.deck.id)
    const response = await specAnswer(client, session, card.id, 'good')
    response.assertStatus(200)
    assert.isFalse(response.body().replayed)
    assert.equal(response.body().card.version, card.version + 1)
    assert.equal(response.body().card.state, 'learning')
    const [review] = await db.from('review_logs').where('user_id', session.user.id)
    assert.include(review, {
      card_id: card.id,
      answer: 'good',
      version_before: card.version,
      duration_ms: 4000,
      sent_duration_ms: 4000,
    })

    /* the version stays the exact protection for clients that send it */
    const stale = await answerRequest(client, session, session.deck.id, card, 'again')
    stale.assertStatus(409)
    assertErrorBody(assert, stale.body(), 'E_STALE_ANSWER')
    assert.equal(await reviewCount(session.user.id), 1)
  })

  test('a network retry of the same body replays the first result and writes no second review', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 2)
    const { card } = await start(client, session, session.deck.id)
    const first = await specAnswer(client, session, card.id, 'good', 5234)
    first.assertStatus(200)

    /* sent again at once (the answer got lost on its way back) */
    const atOnce = await specAnswer(client, session, card.id, 'good', 5234)
    atOnce.assertStatus(200)
    assert.isTrue(atOnce.body().replayed)
    assert.deepEqual(atOnce.body().card, first.body().card)

    /* and after the spec client's 120 s timeout: the card is not due again (15 minutes), the body is the same */
    await timePasses(session.user.id, card.id, 125_000)
    const afterTimeout = await specAnswer(client, session, card.id, 'good', 5234)
    afterTimeout.assertStatus(200)
    assert.isTrue(afterTimeout.body().replayed)
    assert.equal(afterTimeout.body().card.version, first.body().card.version)

    assert.equal(await reviewCount(session.user.id, card.id), 1)
    assert.equal(await studiedOn(session.user.id, studyDay(new Date(), 0)), 1)
    assert.equal((await progressRow(session.user.id, card.id)).version, card.version + 1)
  })

  test('a learner who answers the same card again in a 1-minute learning step gets a second answer', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 1)
    const { card } = await start(client, session, session.deck.id)
    const first = await specAnswer(client, session, card.id, 'again', 3000)
    assert.equal(first.body().card.state, 'learning')
    const dueIn = new Date(first.body().card.dueAt).getTime() - Date.now()
    assert.isAbove(dueIn, 50_000, 'Again on a new card: the 1-minute step')

    /* a retry 5 s later, the card not due yet: replayed */
    await timePasses(session.user.id, card.id, 5000)
    const retry = await specAnswer(client, session, card.id, 'again', 3000)
    assert.isTrue(retry.body().replayed)
    assert.equal(await reviewCount(session.user.id, card.id), 1)

    /* the step is over, the card is shown again and answered again, the same button, even in the same time */
    await timePasses(session.user.id, card.id, 61_000)
    const second = await specAnswer(client, session, card.id, 'again', 3000)
    second.assertStatus(200)
    assert.isFalse(second.body().replayed)
    assert.equal(second.body().card.version, first.body().card.version + 1)
    assert.equal(await reviewCount(session.user.id, card.id), 2)

    /* learn-ahead brings a card back early when nothing else is left: a new showing has its own duration */
    await timePasses(session.user.id, card.id, 10_000)
    const third = await specAnswer(client, session, card.id, 'again', 2150)
    assert.isFalse(third.body().replayed)
    assert.equal(await reviewCount(session.user.id, card.id), 3)
  })

  test('racing answers without version (or mixed with versioned ones) record exactly one review', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 2)
    const { card } = await start(client, session, session.deck.id)
    const rounds: Array<() => Promise<any[]>> = [
      /* the same body five times at once (a double tap, an eager retry) */
      () => Promise.all([1, 2, 3, 4, 5].map(() => specAnswer(client, session, card.id, 'good'))),
      /* different buttons at once, from the same showing */
      () =>
        Promise.all([
          specAnswer(client, session, card.id, 'again'),
          specAnswer(client, session, card.id, 'good'),
          specAnswer(client, session, card.id, 'easy', 4100),
        ]),
      /* with and without version */
      async () => {
        const shown = {
          id: card.id,
          version: (await progressRow(session.user.id, card.id)).version,
        }
        return Promise.all([
          answerRequest(client, session, session.deck.id, shown, 'hard'),
          specAnswer(client, session, card.id, 'hard'),
          specAnswer(client, session, card.id, 'good'),
        ])
      },
      /* no review_duration_ms at all: the same body three times at once */
      () =>
        Promise.all(
          [1, 2, 3].map(() =>
            client
              .post('/api/v2/learning/answer')
              .bearerToken(session.token)
              .json({ deck_id: session.deck.id, card_id: card.id, answer: 'good' })
          )
        ),
    ]
    for (const [round, run] of rounds.entries()) {
      const before = (await progressRow(session.user.id, card.id))?.version ?? card.version
      const responses = await run()
      const statuses = responses.map((response) => response.status())
      assert.isTrue(
        statuses.every((status) => status === 200 || status === 409),
        `round ${round}: ${JSON.stringify(statuses)}`
      )
      const applied = responses.filter(
        (response) => response.status() === 200 && !response.body().replayed
      )
      assert.lengthOf(
        applied,
        1,
        `round ${round}: ${JSON.stringify(responses.map((r) => r.body()))}`
      )
      for (const response of responses.filter((r) => r.status() === 409))
        assertErrorBody(assert, response.body(), 'E_STALE_ANSWER')
      assert.equal(await reviewCount(session.user.id, card.id), round + 1, `round ${round}`)
      assert.equal((await progressRow(session.user.id, card.id)).version, before + 1)
      /* the learner sees the card again once it is due (an "easy" may have made it a review days ahead) */
      const dueIn =
        new Date((await progressRow(session.user.id, card.id)).due_at).getTime() - Date.now()
      await timePasses(session.user.id, card.id, Math.max(20 * 60_000, dueIn + 60_000))
    }
  })
})

test.group('API learning: another learner is refused', (group) => {
  group.each.setup(() => resetState())

  test("every learning call on someone else's deck or card is a 404 and changes nothing", async ({
    client,
    assert,
  }) => {
    const owner = await learnerWithDeck(client, 2)
    const { card } = await start(client, owner, owner.deck.id)
    await answer(client, owner, owner.deck.id, card, 'good')
    const intruder = await signIn()
    const calls = [
      client
        .get('/api/v2/learning/start')
        .bearerToken(intruder.token)
        .qs({ deck_id: owner.deck.id }),
      client
        .get('/api/v2/learning/cards')
        .bearerToken(intruder.token)
        .qs({ deck_id: owner.deck.id }),
      client.get('/api/learning/cards').bearerToken(intruder.token).qs({ deck_id: owner.deck.id }),
      client
        .post('/api/v2/learning/answer')
        .bearerToken(intruder.token)
        .json({ deck_id: owner.deck.id, card_id: card.id, answer: 'good', version: 1 }),
      client
        .delete('/api/learning/undo')
        .bearerToken(intruder.token)
        .qs({ deck_id: owner.deck.id }),
      client
        .post('/api/learning/log_cards_review')
        .bearerToken(intruder.token)
        .json({
          reviews: [
            {
              deck_id: owner.deck.id,
              card_id: card.id,
              answer: 'good',
              reviewed_at: new Date().toISOString(),
            },
          ],
        }),
      client
        .put(`/api/cards/${card.id}`)
        .bearerToken(intruder.token)
        .json({ fields: { Front: 'hacked', Back: 'x' } }),
      client.delete(`/api/cards/${card.id}/suspend`).bearerToken(intruder.token),
      client.get(`/api/cards/${card.id}/stats`).bearerToken(intruder.token),
      client.get(`/api/algorithm_settings/${owner.deck.id}`).bearerToken(intruder.token),
      client
        .put(`/api/algorithm_settings/${owner.deck.id}`)
        .bearerToken(intruder.token)
        .json({ algorithm_preset: 'speed_learning', confirm_reset: true }),
    ]
    for (const response of await Promise.all(calls)) {
      assert.equal(response.status(), 404, response.text().slice(0, 200))
    }
    /* the intruder's own undo finds nothing of the owner's */
    const undo = await client.delete('/api/learning/undo').bearerToken(intruder.token)
    undo.assertStatus(409)
    assert.equal(await reviewCount(owner.user.id), 1)
    const note = await db.from('notes').where('id', card.noteId).first()
    assert.equal(note.fields.Front, 'Question 1')
    assert.equal(
      (await db.from('decks').where('id', owner.deck.id).first()).algorithm_preset,
      'general'
    )
  })

  test('learning calls need a token', async ({ client }) => {
    const response = await client.get('/api/v2/learning/start').qs({ deck_id: 1 })
    response.assertStatus(401)
    const answerCall = await client
      .post('/api/v2/learning/answer')
      .json({ deck_id: 1, card_id: 1, answer: 'good', version: 0 })
    answerCall.assertStatus(401)
  })
})
