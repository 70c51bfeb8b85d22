import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody } from '#tests/support/helpers'
import { createDeck, fillDeck, signIn, templateIds, type Session } from '#tests/support/content'
import { flagFromElsewhere, resetFlags } from '../limits/support.js'
import { cardIdsOf, makeReviewCard, reviewCount } from './support.js'

/*
 * The queue hands out only cards the learner can answer (issue 31): never
 * more cards not yet studied today than the free daily limit leaves, and an
 * answer to a card no queue would hand out (not due) is refused. The calls
 * are the spec's client's: start and cards with deck_id and
 * learn_session_start_timestamp, answers with {deck_id, card_id, answer,
 * review_duration_ms}.
 */

const startCall = (client: ApiClient, session: Session, deckId: number) =>
  client
    .get('/api/v2/learning/start')
    .bearerToken(session.token)
    .qs({ deck_id: deckId, learn_session_start_timestamp: Date.now() })

const cardsCall = (client: ApiClient, session: Session, deckId: number, excludeIds?: number[]) =>
  client
    .get('/api/v2/learning/cards')
    .bearerToken(session.token)
    .qs({
      deck_id: deckId,
      limit: 7,
      learn_session_start_timestamp: Date.now(),
      ...(excludeIds ? { exclude_ids: excludeIds.join(',') } : {}),
    })

/* the spec's body: no version; each showing measures its own duration */
const specAnswer = (
  client: ApiClient,
  session: Session,
  deckId: number,
  cardId: number,
  answer: string,
  durationMs: number
) =>
  client.post('/api/v2/learning/answer').bearerToken(session.token).json({
    deck_id: deckId,
    card_id: cardId,
    answer,
    review_duration_ms: durationMs,
  })

async function freeLearnerWithDeck(client: ApiClient, cards: number) {
  const session = await signIn()
  const { basic } = await templateIds(client, session.token)
  const deck = await createDeck(client, session.token, { name: 'Deck' })
  await fillDeck(session.user.id, deck.id, basic, cards)
  return { session, deck, ids: await cardIdsOf(deck.id) }
}

const learnerRow = async (userId: number) => {
  const user = await db.from('users').where('id', userId).first()
  const days = await db.from('study_days').where('user_id', userId).select('day', 'cards_studied')
  return {
    cardsStudied: Number(user.stats_cards_studied),
    streak: user.streak_current,
    asOf: user.streak_as_of,
    days,
  }
}

test.group(
  'API learning: the queue hands out only what the daily limit lets the learner answer',
  (group) => {
    group.each.setup(() => resetFlags())
    group.teardown(() => resetFlags())

    test('start gives no more new cards than the limit leaves; at the limit start and cards answer 402', async ({
      client,
      assert,
    }) => {
      await flagFromElsewhere('cards_to_paywall', 3)
      const { session, deck } = await freeLearnerWithDeck(client, 10)

      const first = await startCall(client, session, deck.id)
      first.assertStatus(200)
      const handed = first.body().cards.map((card: any) => card.id as number)
      assert.lengthOf(handed, 3)
      assert.equal(first.body().card.id, handed[0])
      /* the three cards handed out use the limit up: the start says so */
      assert.deepEqual(first.body().dailyLimit, {
        limit: 3,
        studiedToday: 0,
        reached: true,
        kind: 'daily',
      })

      /* the spec's client asks for more without naming what it holds: the same cards, no others */
      const again = await cardsCall(client, session, deck.id)
      again.assertStatus(200)
      assert.sameMembers(
        again.body().cards.map((card: any) => card.id),
        handed
      )
      /* a client naming them gets nothing more, and no refusal while it still holds cards */
      const holding = await cardsCall(client, session, deck.id, handed)
      holding.assertStatus(200)
      assert.lengthOf(holding.body().cards, 0)

      /* every card handed out can be answered: the first goes into a learning step, the others graduate */
      ;(await specAnswer(client, session, deck.id, handed[0], 'again', 3000)).assertStatus(200)
      for (const id of handed.slice(1))
        (await specAnswer(client, session, deck.id, id, 'easy', 3000)).assertStatus(200)

      /* at the limit, a card begun today still comes back: it can be finished */
      const finishing = await startCall(client, session, deck.id)
      finishing.assertStatus(200)
      assert.deepEqual(
        finishing.body().cards.map((card: any) => card.id),
        [handed[0]]
      )
      assert.include(finishing.body().dailyLimit, { studiedToday: 3, reached: true })
      const card = finishing.body().card
      const finished = await client
        .post('/api/v2/learning/answer')
        .bearerToken(session.token)
        .json({
          deck_id: deck.id,
          card_id: card.id,
          answer: 'easy',
          review_duration_ms: 2000,
          version: card.version,
        })
      finished.assertStatus(200)

      /* nothing the learner could answer is left: the answer's own refusal, the paywall, not "all learned" */
      const refused = await startCall(client, session, deck.id)
      refused.assertStatus(402)
      assertErrorBody(assert, refused.body(), 'E_DAILY_LEARNING_LIMIT')
      assert.include(refused.body().title, '3')
      const refusedCards = await cardsCall(client, session, deck.id)
      refusedCards.assertStatus(402)
      assertErrorBody(assert, refusedCards.body(), 'E_DAILY_LEARNING_LIMIT')
      assert.equal(await reviewCount(session.user.id), 4)

      /* the flag goes up: the queue hands out new cards again */
      await flagFromElsewhere('cards_to_paywall', 5)
      const more = await startCall(client, session, deck.id)
      more.assertStatus(200)
      assert.lengthOf(more.body().cards, 2)
      for (const next of more.body().cards)
        (await specAnswer(client, session, deck.id, next.id, 'easy', 3000)).assertStatus(200)
    })

    test('cards already answered today before the session count: the start holds only what is left', async ({
      client,
      assert,
    }) => {
      await flagFromElsewhere('cards_to_paywall', 4)
      const { session, deck, ids } = await freeLearnerWithDeck(client, 10)
      for (const [index, id] of ids.slice(0, 3).entries())
        (await specAnswer(client, session, deck.id, id, 'easy', 3000 + index)).assertStatus(200)
      const start = await startCall(client, session, deck.id)
      start.assertStatus(200)
      assert.lengthOf(start.body().cards, 1)
      const [only] = start.body().cards
      ;(await specAnswer(client, session, deck.id, only.id, 'easy', 3000)).assertStatus(200)
      ;(await startCall(client, session, deck.id)).assertStatus(402)
    })

    test('premium learners get the full batch', async ({ client, assert }) => {
      await flagFromElsewhere('cards_to_paywall', 2)
      const { session, deck } = await freeLearnerWithDeck(client, 10)
      await db.from('users').where('id', session.user.id).update({ is_premium: true })
      const start = await startCall(client, session, deck.id)
      start.assertStatus(200)
      assert.lengthOf(start.body().cards, 7)
      assert.deepEqual(start.body().dailyLimit, {
        limit: null,
        studiedToday: 0,
        reached: false,
        kind: null,
      })
    })
  }
)

test.group('API learning: an answer to a card that is not due', (group) => {
  group.each.setup(() => resetFlags())

  test('a review weeks ahead answered 9 times: every answer refused (409 E_CARD_NOT_DUE), nothing counted', async ({
    client,
    assert,
  }) => {
    const { session, deck, ids } = await freeLearnerWithDeck(client, 3)
    const dueAt = new Date(Date.now() + 20 * 86_400_000)
    await makeReviewCard(session.user.id, ids[0], { intervalDays: 30, ease: 2.5, dueAt })
    const before = await learnerRow(session.user.id)
    const row = await db
      .from('card_progress')
      .where({ user_id: session.user.id, card_id: ids[0] })
      .first()

    for (let index = 0; index < 9; index++) {
      const response = await specAnswer(
        client,
        session,
        deck.id,
        ids[0],
        'good',
        2000 + index * 100
      )
      response.assertStatus(409)
      assertErrorBody(assert, response.body(), 'E_CARD_NOT_DUE')
    }
    assert.equal(await reviewCount(session.user.id), 0)
    assert.deepEqual(await learnerRow(session.user.id), before)
    const after = await db
      .from('card_progress')
      .where({ user_id: session.user.id, card_id: ids[0] })
      .first()
    assert.deepEqual(after, row)
    /* the session never hands it out */
    const start = await startCall(client, session, deck.id)
    assert.notInclude(
      start.body().cards.map((card: any) => card.id),
      ids[0]
    )
  })

  test('a graduated card answered again: the retry of the same request replays, another answer is refused', async ({
    client,
    assert,
  }) => {
    const { session, deck, ids } = await freeLearnerWithDeck(client, 3)
    const first = await specAnswer(client, session, deck.id, ids[0], 'easy', 4200)
    first.assertStatus(200)
    /* a network retry of the very same request: the first result, nothing written */
    const retry = await specAnswer(client, session, deck.id, ids[0], 'easy', 4200)
    retry.assertStatus(200)
    assert.isTrue(retry.body().replayed)
    assert.deepEqual(retry.body().card, first.body().card)
    /* another answer on the card as it is now, four days ahead: not one any session hands out */
    const second = await client.post('/api/v2/learning/answer').bearerToken(session.token).json({
      deck_id: deck.id,
      card_id: ids[0],
      answer: 'good',
      review_duration_ms: 900,
      version: first.body().card.version,
    })
    second.assertStatus(409)
    assertErrorBody(assert, second.body(), 'E_CARD_NOT_DUE')
    assert.equal(await reviewCount(session.user.id, ids[0]), 1)
  })

  test('due cards pass: a learning step within the learn-ahead limit, a review due today, an undone answer', async ({
    client,
    assert,
  }) => {
    const { session, deck, ids } = await freeLearnerWithDeck(client, 3)
    /* again: a step under a minute ahead, which learn-ahead brings back at once */
    const again = await specAnswer(client, session, deck.id, ids[0], 'again', 3000)
    again.assertStatus(200)
    const step = await client.post('/api/v2/learning/answer').bearerToken(session.token).json({
      deck_id: deck.id,
      card_id: ids[0],
      answer: 'good',
      review_duration_ms: 500,
      version: again.body().card.version,
    })
    step.assertStatus(200)
    await makeReviewCard(session.user.id, ids[1], { intervalDays: 5, ease: 2.5 })
    ;(await specAnswer(client, session, deck.id, ids[1], 'good', 3000)).assertStatus(200)
    /* undo puts the card back as it was (due): it can be answered again */
    ;(
      await client.delete('/api/learning/undo').bearerToken(session.token).qs({ deck_id: deck.id })
    ).assertStatus(200)
    const card = await db
      .from('card_progress')
      .where({ user_id: session.user.id, card_id: ids[1] })
      .first()
    const redo = await client.post('/api/v2/learning/answer').bearerToken(session.token).json({
      deck_id: deck.id,
      card_id: ids[1],
      answer: 'hard',
      review_duration_ms: 2500,
      version: card.version,
    })
    redo.assertStatus(200)
    /* again, good, the review's good (undone), hard */
    assert.equal(await reviewCount(session.user.id), 3)
  })
})
