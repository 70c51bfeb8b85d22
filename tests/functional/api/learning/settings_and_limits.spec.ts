import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { addDays, studyDay } from '#scheduling/study_day'
import { createDeck, fillDeck, signIn, templateIds } from '#tests/support/content'
import {
  answer,
  answerRequest,
  cardIdsOf,
  learnerWithDeck,
  progressRow,
  reviewCount,
  start,
} from './support.js'

const buttons = (card: any) =>
  Object.fromEntries(card.answerButtons.map((button: any) => [button.type, button.repeatText]))

function putSettings(client: any, token: string, deckId: number, body: Record<string, unknown>) {
  return client.put(`/api/algorithm_settings/${deckId}`).bearerToken(token).json(body)
}

/** Marks `cardIds` as studied on `day` for the learner, as earlier answers would have. */
async function studiedEarlier(
  userId: number,
  cardIds: number[],
  day: string,
  stateBefore = 'review'
) {
  const cards = await db.from('cards').whereIn('id', cardIds).select('id', 'deck_id')
  await db.table('review_logs').multiInsert(
    cards.map((card) => ({
      user_id: userId,
      card_id: card.id,
      deck_id: card.deck_id,
      answer: 'good',
      rating: 3,
      kind: 'review',
      state_before: stateBefore,
      reviewed_at: new Date(),
      study_day: day,
      source: 'session',
    }))
  )
}

test.group('API learning: algorithm settings', (group) => {
  group.each.setup(() => resetState())

  test("GET gives the spec's fields with the general preset's defaults", async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 0)
    const response = await client
      .get(`/api/algorithm_settings/${session.deck.id}`)
      .bearerToken(session.token)
    response.assertStatus(200)
    assert.include(response.body(), {
      algorithmPreset: 'general',
      algorithmType: 'spacedRepetition',
      stepsInMinutes: '1 15',
      easyBonusPercent: 0,
      intervalModifierPercent: 0,
      maxIntervalMinutes: 0,
      smartScheduling: false,
      editable: true,
      newCardsPerDay: 20,
      maxCardsPerDay: 200,
    })
  })

  test('custom tuning is stored on the whole tree and changes the buttons', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 1)
    const child = await createDeck(client, session.token, {
      name: 'Child',
      parent_id: session.deck.id,
    })
    const response = await putSettings(client, session.token, session.deck.id, {
      algorithm_preset: 'custom',
      steps_in_minutes: '2 30',
      easy_bonus_percent: 10,
      interval_modifier_percent: 5,
      max_interval_minutes: 525600,
    })
    response.assertStatus(200)
    assert.include(response.body(), {
      algorithmPreset: 'custom',
      stepsInMinutes: '2 30',
      easyBonusPercent: 10,
      intervalModifierPercent: 5,
      maxIntervalMinutes: 525600,
    })
    const fromChild = await client
      .get(`/api/algorithm_settings/${child.id}`)
      .bearerToken(session.token)
    assert.include(fromChild.body(), {
      algorithmPreset: 'custom',
      stepsInMinutes: '2 30',
      editable: false,
      rootDeckId: session.deck.id,
    })
    const childRow = await db.from('decks').where('id', child.id).first()
    assert.equal(childRow.algorithm_preset, 'custom')
    const { card } = await start(client, session, session.deck.id)
    assert.deepEqual(buttons(card), { again: '2m', hard: '16m', good: '30m', easy: '4d' })
  })

  test('bad tuning is a validation error and changes nothing', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 0)
    for (const body of [
      { algorithm_preset: 'custom', steps_in_minutes: 'soon' },
      { algorithm_preset: 'turbo' },
      { algorithm_preset: 'custom', easy_bonus_percent: 1000 },
      { algorithm_preset: 'custom', desired_retention: 0.5 },
    ]) {
      const response = await putSettings(client, session.token, session.deck.id, body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.isArray(response.body().errors)
    }
    assert.equal(
      (await db.from('decks').where('id', session.deck.id).first()).algorithm_preset,
      'general'
    )
  })

  test('the algorithm is set on the root deck only', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 0)
    const child = await createDeck(client, session.token, {
      name: 'Child',
      parent_id: session.deck.id,
    })
    const response = await putSettings(client, session.token, child.id, {
      algorithm_preset: 'medical',
    })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_ALGORITHM_ON_ROOT_ONLY')
  })

  test('switching study mode on a tree without progress needs no confirmation; progress in a subdeck does', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 2)
    const child = await createDeck(client, session.token, {
      name: 'Child',
      parent_id: session.deck.id,
    })
    const { basicNote } = await import('#tests/support/content')
    await basicNote(client, session.token, child.id, 'Sub question')

    /* the spec's body, no confirm_reset: nothing to lose, so nothing to ask */
    const spec = {
      algorithm_preset: 'speed_learning',
      steps_in_minutes: '1 15',
      easy_bonus_percent: 0,
      interval_modifier_percent: 0,
      max_interval_minutes: 0,
    }
    const switched = await putSettings(client, session.token, session.deck.id, spec)
    switched.assertStatus(200)
    assert.equal(switched.body().algorithmType, 'speedLearning')
    assert.equal(
      (await db.from('decks').where('id', child.id).first()).algorithm_type,
      'speedLearning'
    )
    const back = await putSettings(client, session.token, session.deck.id, {
      ...spec,
      algorithm_preset: 'general',
    })
    back.assertStatus(200)

    /* one answer in the subdeck is progress the switch would lose */
    const body = await start(client, session, child.id)
    await answer(client, session, child.id, body.card, 'good')
    const asked = await putSettings(client, session.token, session.deck.id, spec)
    asked.assertStatus(409)
    assertErrorBody(assert, asked.body(), 'E_ALGORITHM_RESET_CONFIRMATION')
    assert.equal(
      (await db.from('decks').where('id', session.deck.id).first()).algorithm_type,
      'spacedRepetition'
    )
    assert.equal(
      Number(
        (await db.from('card_progress').where('user_id', session.user.id).count('* as n').first()).n
      ),
      1
    )
  })

  test("switching to speed learning asks for confirmation, then resets the whole tree's progress", async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 2)
    const child = await createDeck(client, session.token, {
      name: 'Child',
      parent_id: session.deck.id,
    })
    const { basicNote } = await import('#tests/support/content')
    await basicNote(client, session.token, child.id, 'Sub question')
    let body = await start(client, session, session.deck.id)
    for (const card of body.cards) await answer(client, session, session.deck.id, card, 'easy')
    assert.equal(
      Number(
        (await db.from('card_progress').where('user_id', session.user.id).count('* as n').first()).n
      ),
      3
    )

    const unconfirmed = await putSettings(client, session.token, session.deck.id, {
      algorithm_preset: 'speed_learning',
    })
    unconfirmed.assertStatus(409)
    assertErrorBody(assert, unconfirmed.body(), 'E_ALGORITHM_RESET_CONFIRMATION')
    assert.equal(
      Number(
        (await db.from('card_progress').where('user_id', session.user.id).count('* as n').first()).n
      ),
      3
    )

    const confirmed = await putSettings(client, session.token, session.deck.id, {
      algorithm_preset: 'speed_learning',
      confirm_reset: true,
    })
    confirmed.assertStatus(200)
    assert.equal(confirmed.body().algorithmType, 'speedLearning')
    assert.equal(
      Number(
        (await db.from('card_progress').where('user_id', session.user.id).count('* as n').first()).n
      ),
      0
    )
    assert.equal(
      (await db.from('decks').where('id', child.id).first()).algorithm_type,
      'speedLearning'
    )

    /* a preset change within spaced repetition keeps progress, as an Anki preset change does */
    const back = await putSettings(client, session.token, session.deck.id, {
      algorithm_preset: 'general',
      confirm_reset: true,
    })
    back.assertStatus(200)
    body = await start(client, session, session.deck.id)
    await answer(client, session, session.deck.id, body.card, 'easy')
    const languages = await putSettings(client, session.token, session.deck.id, {
      algorithm_preset: 'languages',
    })
    languages.assertStatus(200)
    assert.equal((await progressRow(session.user.id, body.card.id)).state, 'review')
  })

  test('smart scheduling (FSRS) is premium; a premium learner studies with it', async ({
    client,
    assert,
  }) => {
    const free = await learnerWithDeck(client, 1)
    const refused = await putSettings(client, free.token, free.deck.id, {
      algorithm_preset: 'general',
      smart_scheduling: true,
    })
    refused.assertStatus(402)
    assertErrorBody(assert, refused.body(), 'E_PREMIUM_REQUIRED')

    const premium = await learnerWithDeck(client, 1)
    await db.from('users').where('id', premium.user.id).update({ is_premium: true })
    const response = await putSettings(client, premium.token, premium.deck.id, {
      algorithm_preset: 'custom',
      smart_scheduling: true,
      desired_retention: 0.85,
    })
    response.assertStatus(200)
    assert.include(response.body(), { smartScheduling: true, desiredRetention: 0.85 })
    const body = await start(client, premium, premium.deck.id)
    assert.equal(body.scheduler, 'fsrs')
    await answer(client, premium, premium.deck.id, body.card, 'easy')
    const row = await progressRow(premium.user.id, body.card.id)
    assert.equal(row.state, 'review')
    assert.isAbove(row.stability, 0)
    assert.isAbove(row.difficulty, 0)
  })
})

test.group('API learning: speed learning', (group) => {
  group.each.setup(() => resetState())

  test('two buttons; a round loops until every card is got', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 3)
    await putSettings(client, session.token, session.deck.id, {
      algorithm_preset: 'speed_learning',
      confirm_reset: true,
    })
    let body = await start(client, session, session.deck.id)
    assert.equal(body.algorithmType, 'speedLearning')
    assert.deepEqual(
      body.card.answerButtons.map((button: any) => [button.type, button.repeatText]),
      [
        ['study_again', null],
        ['got_it', null],
      ]
    )
    const [first, second, third] = body.cards
    await answer(client, session, session.deck.id, first, 'study_again')
    await answer(client, session, session.deck.id, second, 'got_it')
    body = await start(client, session, session.deck.id)
    /* the card not seen in this round comes before the one missed */
    assert.deepEqual(
      body.cards.map((card: any) => card.id),
      [third.id, first.id]
    )
    assert.deepEqual(body.topCounters, { new: 1, learning: 1, graduated: 1 })
    await answer(client, session, session.deck.id, body.cards[0], 'got_it')
    body = await start(client, session, session.deck.id)
    await answer(client, session, session.deck.id, body.card, 'got_it')
    body = await start(client, session, session.deck.id)
    assert.equal(body.errorType, 'allCardsLearned')
    assert.deepEqual(body.topCounters, { new: 0, learning: 0, graduated: 3 })
    const refused = await answerRequest(client, session, session.deck.id, first, 'good')
    refused.assertStatus(422)
  })
})

test.group('API learning: daily limits and the day rollover', (group) => {
  group.each.setup(() => resetState())

  test("new cards per day: the deck's own setting caps a day's new cards", async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 5)
    const update = await client
      .put(`/api/decks/${session.deck.id}`)
      .bearerToken(session.token)
      .json({ deck: { new_cards_per_day: 2 } })
    update.assertStatus(200)
    let body = await start(client, session, session.deck.id)
    assert.lengthOf(body.cards, 2)
    assert.equal(body.topCounters.new, 2)
    for (const card of body.cards) await answer(client, session, session.deck.id, card, 'easy')
    body = await start(client, session, session.deck.id)
    assert.equal(body.errorType, 'allCardsLearned')
    assert.equal(body.topCounters.new, 0)
  })

  test(
    'the deck counters follow the day: learnt today, to learn today within the limits, the ' +
      'speed-learning counts',
    async ({ client, assert }) => {
      const session = await learnerWithDeck(client, 5)
      /*
       * noon on the learner's clock: the study day's end (4 am) is hours from the 10-minute learning step,
       * whatever the hour here
       */
      const noon = (12 - new Date().getUTCHours()) * 60
      await db
        .from('users')
        .where('id', session.user.id)
        .update({ timezone_offset: ((noon + 720 + 1440) % 1440) - 720 })
      await client
        .put(`/api/decks/${session.deck.id}`)
        .bearerToken(session.token)
        .json({ deck: { new_cards_per_day: 3 } })
      const counters = async () =>
        (await client.get(`/api/decks/${session.deck.id}`).bearerToken(session.token)).body()
      assert.include(await counters(), {
        toLearnTodayTotalCount: 3,
        learntTodayCount: 0,
        reviewLeft: 3,
        newCardsCount: 5,
      })
      const body = await start(client, session, session.deck.id)
      await answer(client, session, session.deck.id, body.cards[0], 'good')
      assert.include(await counters(), {
        toLearnTodayTotalCount: 3,
        learntTodayCount: 1,
        learningCardsCount: 1,
      })
      await answer(client, session, session.deck.id, body.cards[1], 'easy')
      assert.include(await counters(), {
        toLearnTodayTotalCount: 2,
        learntTodayCount: 2,
        graduatedCardsCount: 1,
      })

      await putSettings(client, session.token, session.deck.id, {
        algorithm_preset: 'speed_learning',
        confirm_reset: true,
      })
      const speed = await start(client, session, session.deck.id)
      await answer(client, session, session.deck.id, speed.cards[0], 'got_it')
      await answer(client, session, session.deck.id, speed.cards[1], 'study_again')
      assert.include(await counters(), {
        gotItCardsCount: 1,
        studyAgainCardsCount: 1,
        newCardsCount: 3,
        toLearnTodayTotalCount: 4,
      })
    }
  )

  test('maximum cards per day counts distinct cards studied today; learning repeats are free', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 4)
    await client
      .put(`/api/decks/${session.deck.id}`)
      .bearerToken(session.token)
      .json({ deck: { max_cards_per_day: 2 } })
    let body = await start(client, session, session.deck.id)
    assert.lengthOf(body.cards, 2)
    await answer(client, session, session.deck.id, body.cards[0], 'good')
    await answer(client, session, session.deck.id, body.cards[1], 'good')
    body = await start(client, session, session.deck.id)
    /* the two learning cards come back; no third card today */
    assert.sameMembers(
      body.cards.map((card: any) => card.state),
      ['learning', 'learning']
    )
    assert.equal(body.topCounters.new, 0)
  })

  test("yesterday's new cards do not count against today, in the learner's own time zone", async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 4)
    await db.from('users').where('id', session.user.id).update({ timezone_offset: -480 })
    await client
      .put(`/api/decks/${session.deck.id}`)
      .bearerToken(session.token)
      .json({ deck: { new_cards_per_day: 2 } })
    const today = studyDay(new Date(), -480)
    const ids = await cardIdsOf(session.deck.id)
    await studiedEarlier(session.user.id, [ids[0], ids[1]], addDays(today, -1), 'new')
    let body = await start(client, session, session.deck.id)
    assert.equal(body.topCounters.new, 2, 'a new day: the limit is whole again')
    await studiedEarlier(session.user.id, [ids[2]], today, 'new')
    body = await start(client, session, session.deck.id)
    assert.equal(body.topCounters.new, 1)
    /* the answer lands on the learner's study day, not the server's */
    await answer(client, session, session.deck.id, body.card, 'good')
    const review = await db
      .from('review_logs')
      .where({ user_id: session.user.id, source: 'session' })
      .whereNotNull('version_before')
      .first()
    assert.equal(review.study_day, today)
  })

  test(
    'a free learner stops at 100 new cards a day with the paywall error; started cards can be finished; ' +
      'premium has no limit',
    async ({ client, assert }) => {
      const session = await signIn()
      const { basic } = await templateIds(client, session.token)
      const deck = await createDeck(client, session.token, { name: 'Big' })
      await fillDeck(session.user.id, deck.id, basic, 102)
      const ids = await cardIdsOf(deck.id)
      const today = studyDay(new Date(), 0)
      await studiedEarlier(session.user.id, ids.slice(0, 100), today)
      await db.table('card_progress').multiInsert(
        ids.slice(0, 100).map((id) => ({
          user_id: session.user.id,
          card_id: id,
          deck_id: deck.id,
          state: 'learning',
          due_at: new Date(),
          step: 1,
          reps: 1,
          created_at: new Date(),
          updated_at: new Date(),
        }))
      )

      const body = await start(client, session, deck.id)
      assert.deepEqual(body.dailyLimit, {
        limit: 100,
        studiedToday: 100,
        reached: true,
        kind: 'daily',
      })
      const fresh = await answerRequest(
        client,
        session,
        deck.id,
        { id: ids[100], version: 0 },
        'good'
      )
      fresh.assertStatus(402)
      assertErrorBody(assert, fresh.body(), 'E_DAILY_LEARNING_LIMIT')
      assert.include(fresh.body().title, '100')
      assert.equal(await reviewCount(session.user.id, ids[100]), 0)
      const started = await answerRequest(
        client,
        session,
        deck.id,
        { id: ids[0], version: 0 },
        'good'
      )
      started.assertStatus(200)

      await db.from('users').where('id', session.user.id).update({ is_premium: true })
      const premium = await answerRequest(
        client,
        session,
        deck.id,
        { id: ids[100], version: 0 },
        'good'
      )
      premium.assertStatus(200)
    }
  )

  test('a guest stops at 500 studied cards', async ({ client, assert }) => {
    const response = await client.post('/api/authentication/register_without_email').json({})
    const token = response.body().token
    const user = await db.from('users').where('provider', 'guest').first()
    const guest = { user: { id: user.id } as any, token }
    const { basic } = await templateIds(client, token)
    const deck = await createDeck(client, token, { name: 'Guest deck' })
    await fillDeck(user.id, deck.id, basic, 501)
    const ids = await cardIdsOf(deck.id)
    await db.table('card_progress').multiInsert(
      ids.slice(0, 500).map((id) => ({
        user_id: user.id,
        card_id: id,
        deck_id: deck.id,
        state: 'review',
        due_at: new Date(Date.now() + 86_400_000 * 5),
        reps: 1,
        interval_days: 5,
        created_at: new Date(),
        updated_at: new Date(),
      }))
    )
    const refused = await answerRequest(
      client,
      guest as any,
      deck.id,
      { id: ids[500], version: 0 },
      'good'
    )
    refused.assertStatus(403)
    assertErrorBody(assert, refused.body(), 'E_GUEST_STUDY_LIMIT')
  })
})

test.group('API learning: offline answers, edits and removal', (group) => {
  group.each.setup(() => resetState())

  test('log_cards_review replays offline answers in order, once', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 2)
    const [a, b] = await cardIdsOf(session.deck.id)
    const t0 = Date.now() - 3600_000
    const reviews = [
      {
        deck_id: session.deck.id,
        card_id: a,
        answer: 'good',
        reviewed_at: new Date(t0 + 60_000).toISOString(),
        review_duration_ms: 3000,
      },
      {
        deck_id: session.deck.id,
        card_id: a,
        answer: 'again',
        reviewed_at: new Date(t0).toISOString(),
        review_duration_ms: 2000,
      },
      {
        deck_id: session.deck.id,
        card_id: b,
        answer: 'easy',
        reviewed_at: new Date(t0 + 120_000).toISOString(),
      },
    ]
    const first = await client
      .post('/api/learning/log_cards_review')
      .bearerToken(session.token)
      .json({ reviews })
    first.assertStatus(200)
    assert.include(first.body(), { accepted: 3, duplicates: 0 })
    assert.deepEqual(first.body().rejected, [])
    const history = await db.from('review_logs').where('card_id', a).orderBy('reviewed_at')
    assert.deepEqual(
      history.map((row) => row.answer),
      ['again', 'good']
    )
    assert.isTrue(history.every((row) => row.source === 'offline'))
    assert.equal((await progressRow(session.user.id, b)).state, 'review')
    const replay = await client
      .post('/api/learning/log_cards_review')
      .bearerToken(session.token)
      .json({ reviews })
    assert.include(replay.body(), { accepted: 0, duplicates: 3 })
    assert.deepEqual(replay.body().rejected, [])
    assert.equal(await reviewCount(session.user.id), 3)
    /* an answer older than the card's latest one joins its history, and the card is worked out again (0095) */
    const old = await client
      .post('/api/learning/log_cards_review')
      .bearerToken(session.token)
      .json({
        reviews: [
          {
            deck_id: session.deck.id,
            card_id: b,
            answer: 'again',
            reviewed_at: new Date(t0 - 60_000).toISOString(),
          },
        ],
      })
    assert.deepInclude(old.body().results[0], { status: 'applied', recomputed: true })
    assert.equal(await reviewCount(session.user.id, b), 2)
    /* Again then Easy, in time order: the Easy graduates the card all the same */
    assert.equal((await progressRow(session.user.id, b)).state, 'review')
  })

  test('an offline answer to a card paused since keeps it paused', async ({ client, assert }) => {
    const session = await learnerWithDeck(client, 1)
    const [cardId] = await cardIdsOf(session.deck.id)
    const noteId = (await db.from('cards').where('id', cardId).first()).note_id
    await client
      .post('/api/notes/bulk_freeze')
      .bearerToken(session.token)
      .json({ deck_id: session.deck.id, ids: [noteId] })
    const response = await client
      .post('/api/learning/log_cards_review')
      .bearerToken(session.token)
      .json({
        reviews: [
          {
            deck_id: session.deck.id,
            card_id: cardId,
            answer: 'good',
            reviewed_at: new Date(Date.now() - 60_000).toISOString(),
          },
        ],
      })
    assert.equal(response.body().accepted, 1)
    const row = await progressRow(session.user.id, cardId)
    assert.equal(row.state, 'learning')
    assert.isTrue(row.frozen)
  })

  test('PUT cards/{id} edits the note in place and gives the card back as the session shows it', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 1)
    const { card } = await start(client, session, session.deck.id)
    const response = await client
      .put(`/api/cards/${card.id}`)
      .bearerToken(session.token)
      .json({
        deck_id: session.deck.id,
        fields: { Front: 'Edited <b>front</b>', Back: 'New back<script>alert(1)</script>' },
        return_learning_data: true,
      })
    response.assertStatus(200)
    assert.equal(response.body().card.id, card.id)
    assert.include(response.body().card.front, 'Edited <b>front</b>')
    assert.notInclude(response.body().card.back, '<script')
    assert.lengthOf(response.body().answerButtons, 4)
    const plain = await client
      .put(`/api/cards/${card.id}`)
      .bearerToken(session.token)
      .json({ fields: { Front: 'Again edited', Back: 'b' } })
    plain.assertStatus(200)
    assert.equal(plain.body().fields[0], 'Again edited')
    const invalid = await client
      .put(`/api/cards/${card.id}`)
      .bearerToken(session.token)
      .json({ fields: { Front: '', Back: 'b' } })
    invalid.assertStatus(422)
  })
})
