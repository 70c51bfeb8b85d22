import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { answerInTransaction } from '#actions/learning/answer_card'
import { setFrozen } from '#actions/notes/freeze_notes'
import { studyContext } from '#queries/learning/study_context'
import { afterAnswer } from '#queries/learning/session_standing'
import LearningAnswerTransformer from '#transformers/learning_answer_transformer'
import { serialize } from '#transformers/serialize'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'
import {
  assertErrorBody,
  makePremium,
  makeUser,
  resetState,
  tokenFor,
} from '#tests/support/helpers'
import { pageCall, signedIn, WebSession } from '#tests/support/web_session'
import { flagFromElsewhere } from '#tests/functional/api/limits/support'
import { basicNote, createDeck } from '#tests/support/content'
import { makeReviewCard } from './support.js'

/*
 * Every outcome of a study answer, as mnemo_record_answer
 * (database/sql/mnemo_record_answer_v2.sql) decides it, through each way an
 * answer reaches it: the API's POST v2/learning/answer, the web learning
 * page's POST /learn/:deckId/answer (both: one read, then one call of the
 * function), and the fallback (answerInTransaction: the row locked first,
 * then the same call in that transaction), which the doors take when the
 * card moved between their read and the call. Each scenario runs once per
 * way, for a learner of its own, and asserts the reply and the database
 * the rule gives: all three agree because each is held to the rule. The
 * last group makes the doors themselves take the fallback.
 */

type Way = 'api' | 'web' | 'fallback'
const WAYS: Way[] = ['api', 'web', 'fallback']

interface Body {
  card_id: number
  answer: string
  version?: number
  review_duration_ms?: number
}

interface Reply {
  status: number
  body: any
}

interface Learner {
  way: Way
  user: User
  token: string
  deckId: number
  cards: number[]
  notes: number[]
  answer(body: Body): Promise<Reply>
}

async function learner(
  client: ApiClient,
  way: Way,
  options: { cards: number; kind?: 'premium' | 'free' | 'guest' }
): Promise<Learner> {
  const kind = options.kind ?? 'premium'
  let web: WebSession | null = null
  let user: User
  if (kind === 'guest') {
    web = new WebSession()
    await web.get('/get-started')
    await web.post('/guest')
    user = await User.query().where('provider', 'guest').orderBy('id', 'desc').firstOrFail()
  } else if (way === 'web') {
    ;({ user, web } = await signedIn(
      `${way}-${Math.random().toString(36).slice(2, 8)}@example.test`
    ))
  } else {
    user = await makeUser()
  }
  if (kind === 'premium') await makePremium(user)
  const token = await tokenFor(user)
  const deck = await createDeck(client, token, { name: 'Study deck' })
  const notes = []
  for (let index = 1; index <= options.cards; index++)
    notes.push((await basicNote(client, token, deck.id, `Question ${index}`, `Answer ${index}`)).id)
  const cards = (await db.from('cards').where('deck_id', deck.id).orderBy('id').select('id')).map(
    (row) => row.id as number
  )
  const send = (body: Body): Promise<Reply> => {
    if (way === 'api') {
      return client
        .post('/api/v2/learning/answer')
        .bearerToken(token)
        .json({ deck_id: deck.id, ...body })
        .then((response) => ({ status: response.status(), body: response.body() }))
    }
    if (way === 'web') return pageCall(web!, 'POST', `/learn/${deck.id}/answer`, body)
    return throughFallback(user.id, deck.id, body)
  }
  return { way, user, token, deckId: deck.id, cards, notes, answer: send }
}

/** The fallback as the doors run it, and its reply as they shape it (an ApiException: its status, code and values). */
async function throughFallback(userId: number, deckId: number, body: Body): Promise<Reply> {
  const context = await studyContext(await User.findOrFail(userId), deckId)
  try {
    const result = await answerInTransaction(context, {
      cardId: body.card_id,
      answer: body.answer as any,
      version: body.version,
      durationMs: body.review_duration_ms,
    })
    return {
      status: 200,
      body: JSON.parse(
        JSON.stringify(
          await serialize(
            LearningAnswerTransformer.transform(result, await afterAnswer(context, result))
          )
        )
      ),
    }
  } catch (error) {
    if (!(error instanceof ApiException)) throw error
    return { status: error.status, body: { code: error.code, values: error.options.values } }
  }
}

/** What an answer may change: the card's row, its reviews, the learner's day and lifetime count and streak. */
async function stateOf(who: Learner, cardId: number) {
  const user = await db.from('users').where('id', who.user.id).first()
  const day = await db
    .from('study_days')
    .where({ user_id: who.user.id, day: who.user.today() })
    .first()
  return {
    row:
      (await db.from('card_progress').where({ user_id: who.user.id, card_id: cardId }).first()) ??
      null,
    reviews: await db
      .from('review_logs')
      .where({ user_id: who.user.id, card_id: cardId })
      .orderBy('id'),
    day: day ? Number(day.cards_studied) : 0,
    total: Number(user.stats_cards_studied),
    streak: { current: user.streak_current, asOf: user.streak_as_of },
  }
}

function assertWritten(
  assert: any,
  reply: Reply,
  expected: { version: number; state?: string; replayed?: boolean }
) {
  assert.equal(reply.status, 200, JSON.stringify(reply.body))
  assert.equal(reply.body.replayed, expected.replayed ?? false)
  assert.equal(reply.body.card.version, expected.version)
  if (expected.state) assert.equal(reply.body.card.state, expected.state)
}

function assertRefused(
  assert: any,
  who: Learner,
  reply: Reply,
  status: number,
  code: string,
  limit?: number
) {
  assert.equal(reply.status, status, JSON.stringify(reply.body))
  if (status === 404) return
  assert.equal(reply.body.code, code)
  if (who.way === 'fallback') {
    if (limit !== undefined) assert.equal(reply.body.values.limit, limit)
    return
  }
  assertErrorBody(assert, reply.body, code)
  if (limit !== undefined) assert.include(reply.body.title, String(limit))
}

/*
 * time passing for one card: its reviews and progress move `ms` into the past, as if the next request came
 * that much later
 */
async function timePasses(who: Learner, cardId: number, ms: number) {
  const shift = `interval '${ms} milliseconds'`
  await db.rawQuery(
    `update review_logs set reviewed_at = reviewed_at - ${shift} where user_id = ? and card_id = ?`,
    [who.user.id, cardId]
  )
  await db.rawQuery(
    `update card_progress set due_at = due_at - ${shift}, last_reviewed_at = last_reviewed_at - ${shift} where ` +
      `user_id = ? and card_id = ?`,
    [who.user.id, cardId]
  )
}

/** The limit as the session start shows it, counted as the answer is held to it. */
async function shownLimit(client: ApiClient, who: Learner) {
  const response = await client
    .get('/api/v2/learning/start')
    .bearerToken(who.token)
    .qs({ deck_id: who.deckId })
  response.assertStatus(200)
  return response.body().dailyLimit
}

/** Runs the scenario once per way, each with a learner of its own; a failure names the way. */
async function everyWay(
  client: ApiClient,
  options: Parameters<typeof learner>[2],
  scenario: (who: Learner) => Promise<void>
) {
  for (const way of WAYS) {
    const who = await learner(client, way, options)
    try {
      await scenario(who)
    } catch (error) {
      if (error instanceof Error) error.message = `[${way}] ${error.message}`
      throw error
    }
  }
}

test.group("The answer's rules, through both doors and the fallback", (group) => {
  group.each.setup(() => resetState())

  test(
    'ok: a card never answered gets its row, written once as answered, its review, the day and the ' +
      'lifetime count',
    async ({ client, assert }) => {
      await everyWay(client, { cards: 1 }, async (who) => {
        const [card] = who.cards
        const reply = await who.answer({
          card_id: card,
          answer: 'good',
          version: 0,
          review_duration_ms: 4000,
        })
        assertWritten(assert, reply, { version: 1, state: 'learning' })
        assert.isFalse(reply.body.leech)
        const after = await stateOf(who, card)
        assert.include(after.row, { version: 1, state: 'learning', reps: 1, frozen: false })
        assert.lengthOf(after.reviews, 1)
        assert.include(after.reviews[0], {
          answer: 'good',
          rating: 3,
          kind: 'learn',
          state_before: 'new',
          version_before: 0,
          duration_ms: 4000,
          sent_duration_ms: 4000,
          source: 'session',
          study_day: who.user.today(),
        })
        assert.include(after, { day: 1, total: 1 })
      })
    }
  )

  test("ok: a card in review moves on, counted on the learner's study day and in their lifetime count", async ({
    client,
    assert,
  }) => {
    await everyWay(client, { cards: 1 }, async (who) => {
      const [card] = who.cards
      await makeReviewCard(who.user.id, card, {
        intervalDays: 10,
        ease: 2.5,
        dueAt: new Date(Date.now() - 3600_000),
      })
      await db
        .table('study_days')
        .insert({ user_id: who.user.id, day: who.user.today(), cards_studied: 2 })
      await db.from('users').where('id', who.user.id).update({ stats_cards_studied: 7 })
      const reply = await who.answer({ card_id: card, answer: 'good', version: 0 })
      assertWritten(assert, reply, { version: 1, state: 'review' })
      const after = await stateOf(who, card)
      assert.include(after.row, { version: 1, state: 'review', reps: 11 })
      assert.isAbove(after.row.interval_days, 10)
      assert.include(after.reviews[0], {
        kind: 'review',
        state_before: 'review',
        version_before: 0,
        interval_before: 10,
      })
      assert.equal(after.reviews[0].previous.reps, 10)
      assert.include(after, { day: 3, total: 8 })
    })
  })

  test('ok: a card whose progress was reset starts after its last answered version', async ({
    client,
    assert,
  }) => {
    await everyWay(client, { cards: 1 }, async (who) => {
      const [card] = who.cards
      assertWritten(assert, await who.answer({ card_id: card, answer: 'good', version: 0 }), {
        version: 1,
      })
      assertWritten(assert, await who.answer({ card_id: card, answer: 'good', version: 1 }), {
        version: 2,
      })
      await db.from('card_progress').where({ user_id: who.user.id, card_id: card }).delete()
      const reply = await who.answer({ card_id: card, answer: 'again', version: 2 })
      assertWritten(assert, reply, { version: 3, state: 'learning' })
      const after = await stateOf(who, card)
      assert.include(after.row, { version: 3, reps: 1 })
      assert.deepEqual(
        after.reviews.map((review) => [review.version_before, review.state_before]),
        [
          [0, 'new'],
          [1, 'learning'],
          [2, 'new'],
        ]
      )
      assert.include(after, { day: 3, total: 3 })
    })
  })

  test('replayed: the same answer on the same version again is recorded once and answered as the first was', async ({
    client,
    assert,
  }) => {
    await everyWay(client, { cards: 1 }, async (who) => {
      const [card] = who.cards
      const first = await who.answer({
        card_id: card,
        answer: 'easy',
        version: 0,
        review_duration_ms: 3000,
      })
      assertWritten(assert, first, { version: 1, state: 'review' })
      const before = await stateOf(who, card)
      const again = await who.answer({
        card_id: card,
        answer: 'easy',
        version: 0,
        review_duration_ms: 3000,
      })
      assertWritten(assert, again, { version: 1, state: 'review', replayed: true })
      assert.deepEqual(again.body.card, first.body.card)
      assert.deepEqual(await stateOf(who, card), before)
      assert.include(before, { day: 1, total: 1 })
    })
  })

  test('replayed: a retried answer that made the card a leech tells it again', async ({
    client,
    assert,
  }) => {
    await everyWay(client, { cards: 1 }, async (who) => {
      const [card] = who.cards
      await makeReviewCard(who.user.id, card, {
        intervalDays: 3,
        ease: 1.5,
        lapses: 7,
        dueAt: new Date(Date.now() - 1000),
      })
      const first = await who.answer({ card_id: card, answer: 'again', version: 0 })
      assertWritten(assert, first, { version: 1, state: 'relearning' })
      assert.isTrue(first.body.leech)
      assert.isTrue(first.body.card.isFrozen)
      const again = await who.answer({ card_id: card, answer: 'again', version: 0 })
      assertWritten(assert, again, { version: 1, replayed: true })
      assert.isTrue(again.body.leech)
      assert.isTrue(again.body.card.isFrozen)
      const after = await stateOf(who, card)
      assert.include(after.row, { frozen: true, lapses: 8, version: 1 })
      assert.lengthOf(after.reviews, 1)
    })
  })

  test(
    'stale: another answer on a version the card has left, or on one it never had, is refused and ' +
      'writes nothing',
    async ({ client, assert }) => {
      await everyWay(client, { cards: 2 }, async (who) => {
        const [card, untouched] = who.cards
        assertWritten(assert, await who.answer({ card_id: card, answer: 'good', version: 0 }), {
          version: 1,
        })
        const before = await stateOf(who, card)
        assertRefused(
          assert,
          who,
          await who.answer({ card_id: card, answer: 'again', version: 0 }),
          409,
          'E_STALE_ANSWER'
        )
        assertRefused(
          assert,
          who,
          await who.answer({ card_id: card, answer: 'good', version: 7 }),
          409,
          'E_STALE_ANSWER'
        )
        assert.deepEqual(await stateOf(who, card), before)
        assertRefused(
          assert,
          who,
          await who.answer({ card_id: untouched, answer: 'good', version: 3 }),
          409,
          'E_STALE_ANSWER'
        )
        assert.include(await stateOf(who, untouched), { row: null, day: 1, total: 1 })
      })
    }
  )

  test('without a version: a retry replays, another button of the same showing is stale, a new showing counts', async ({
    client,
    assert,
  }) => {
    await everyWay(client, { cards: 1 }, async (who) => {
      const [card] = who.cards
      const first = await who.answer({ card_id: card, answer: 'again', review_duration_ms: 5234 })
      assertWritten(assert, first, { version: 1, state: 'learning' })
      /*
       * the same body at once, and after the spec client's 120 s timeout (the card due again only after its
       * 1-minute step: moved back less)
       */
      assertWritten(
        assert,
        await who.answer({ card_id: card, answer: 'again', review_duration_ms: 5234 }),
        { version: 1, replayed: true }
      )
      assertRefused(
        assert,
        who,
        await who.answer({ card_id: card, answer: 'good', review_duration_ms: 5234 }),
        409,
        'E_STALE_ANSWER'
      )
      await timePasses(who, card, 30_000)
      assertWritten(
        assert,
        await who.answer({ card_id: card, answer: 'again', review_duration_ms: 5234 }),
        { version: 1, replayed: true }
      )
      assert.lengthOf((await stateOf(who, card)).reviews, 1)

      /* the step is over: the card is shown again, the same button in the same time is a second answer */
      await timePasses(who, card, 61_000)
      const second = await who.answer({ card_id: card, answer: 'again', review_duration_ms: 5234 })
      assertWritten(assert, second, { version: 2 })
      const after = await stateOf(who, card)
      assert.deepEqual(
        after.reviews.map((review) => [review.version_before, review.sent_duration_ms]),
        [
          [0, 5234],
          [1, 5234],
        ]
      )
      assert.include(after, { day: 2, total: 2 })
    })
  })

  test('frozen and suspended: an answer to a card out of study is refused and writes nothing', async ({
    client,
    assert,
  }) => {
    await everyWay(client, { cards: 2 }, async (who) => {
      const [frozen, suspended] = who.cards
      const freeze = await client
        .post('/api/notes/bulk_freeze')
        .bearerToken(who.token)
        .json({ deck_id: who.deckId, ids: [who.notes[0]] })
      freeze.assertStatus(200)
      const remove = await client.delete(`/api/cards/${suspended}/suspend`).bearerToken(who.token)
      assert.oneOf(remove.status(), [200, 204])
      const frozenBefore = await stateOf(who, frozen)
      const suspendedBefore = await stateOf(who, suspended)
      assertRefused(
        assert,
        who,
        await who.answer({ card_id: frozen, answer: 'good', version: frozenBefore.row.version }),
        409,
        'E_CARD_FROZEN'
      )
      assertRefused(
        assert,
        who,
        await who.answer({ card_id: suspended, answer: 'good', version: 0 }),
        409,
        'E_CARD_SUSPENDED'
      )
      assertRefused(
        assert,
        who,
        await who.answer({ card_id: suspended, answer: 'good' }),
        409,
        'E_CARD_SUSPENDED'
      )
      assert.deepEqual(await stateOf(who, frozen), frozenBefore)
      assert.deepEqual(await stateOf(who, suspended), suspendedBefore)
      assert.include(suspendedBefore, { row: null, day: 0, total: 0 })
    })
  })

  test(
    "daily_limit: a free learner at the day's limit gets the paywall; a card begun today may be finished, " +
      'one begun yesterday not',
    async ({ client, assert }) => {
      await flagFromElsewhere('cards_to_paywall', 2)
      await everyWay(client, { cards: 4, kind: 'free' }, async (who) => {
        const [first, second, third, yesterdays] = who.cards
        /* a card answered on the learner's previous study day is a new card of today's */
        await makeReviewCard(who.user.id, yesterdays, {
          intervalDays: 1,
          ease: 2.5,
          dueAt: new Date(Date.now() - 1000),
        })
        const yesterday = new Date(Date.now() - 86_400_000)
        await db.table('review_logs').insert({
          user_id: who.user.id,
          card_id: yesterdays,
          deck_id: who.deckId,
          answer: 'good',
          rating: 3,
          kind: 'learn',
          state_before: 'learning',
          version_before: null,
          reviewed_at: yesterday,
          study_day: who.user.today(yesterday),
          source: 'offline',
        })
        assertWritten(assert, await who.answer({ card_id: first, answer: 'again', version: 0 }), {
          version: 1,
        })
        assertWritten(assert, await who.answer({ card_id: second, answer: 'good', version: 0 }), {
          version: 1,
        })
        assertRefused(
          assert,
          who,
          await who.answer({ card_id: third, answer: 'good', version: 0 }),
          402,
          'E_DAILY_LEARNING_LIMIT',
          2
        )
        assertRefused(
          assert,
          who,
          await who.answer({ card_id: yesterdays, answer: 'good', version: 0 }),
          402,
          'E_DAILY_LEARNING_LIMIT',
          2
        )
        assert.include(await stateOf(who, third), { row: null, day: 2, total: 2 })
        assert.lengthOf((await stateOf(who, yesterdays)).reviews, 1)
        assert.deepEqual(await shownLimit(client, who), {
          limit: 2,
          studiedToday: 2,
          reached: true,
          kind: 'daily',
        })
        assertWritten(assert, await who.answer({ card_id: first, answer: 'good', version: 1 }), {
          version: 2,
        })
        assert.include(await stateOf(who, first), { day: 3, total: 3 })
      })
    }
  )

  test(
    'guest_limit: a guest at their cards studied in all gets the sign-up prompt; a card begun today may be ' +
      'finished',
    async ({ client, assert }) => {
      await flagFromElsewhere('guest_cards_studied', 2)
      await everyWay(client, { cards: 3, kind: 'guest' }, async (who) => {
        const [first, second, third] = who.cards
        assertWritten(assert, await who.answer({ card_id: first, answer: 'again', version: 0 }), {
          version: 1,
        })
        assertWritten(assert, await who.answer({ card_id: second, answer: 'good', version: 0 }), {
          version: 1,
        })
        assertRefused(
          assert,
          who,
          await who.answer({ card_id: third, answer: 'good', version: 0 }),
          403,
          'E_GUEST_STUDY_LIMIT',
          2
        )
        assert.include(await stateOf(who, third), { row: null, day: 2, total: 2 })
        assert.deepEqual(await shownLimit(client, who), {
          limit: 2,
          studiedToday: 2,
          reached: true,
          kind: 'guest',
        })
        assertWritten(assert, await who.answer({ card_id: first, answer: 'good', version: 1 }), {
          version: 2,
        })
      })
    }
  )

  test('ok: the answer that makes the study day active works the streak out at once', async ({
    client,
    assert,
  }) => {
    await everyWay(client, { cards: ACTIVE_DAY_CARDS }, async (who) => {
      for (const [index, card] of who.cards.entries()) {
        const reply = await who.answer({ card_id: card, answer: 'good', version: 0 })
        assertWritten(assert, reply, { version: 1 })
        const active = index === ACTIVE_DAY_CARDS - 1
        assert.equal(reply.body.streak.currentDuration, active ? 1 : 0, `answer ${index + 1}`)
        assert.equal(reply.body.streak.todayCompleted, active)
      }
      const after = await stateOf(who, who.cards[0])
      assert.include(after, { day: ACTIVE_DAY_CARDS, total: ACTIVE_DAY_CARDS })
      assert.deepEqual(after.streak, { current: 1, asOf: who.user.today() })
    })
  })

  test("not found: a card outside the session's decks is a 404 and writes nothing", async ({
    client,
    assert,
  }) => {
    const other = await learner(client, 'api', { cards: 1 })
    await everyWay(client, { cards: 1 }, async (who) => {
      assertRefused(
        assert,
        who,
        await who.answer({ card_id: other.cards[0], answer: 'good', version: 0 }),
        404,
        'E_NOT_FOUND'
      )
      assertRefused(
        assert,
        who,
        await who.answer({ card_id: other.cards[0] + 1000, answer: 'good' }),
        404,
        'E_NOT_FOUND'
      )
      assert.include(await stateOf(who, other.cards[0]), { row: null, day: 0, total: 0 })
    })
  })
})

/*
 * The learner's row locked here while a door's answer runs: the answer
 * reads the card, works it out, and its call of mnemo_record_answer then
 * waits for the lock; `meanwhile` writes the card in this transaction, as
 * another request would, and the lock goes. What the call then finds under
 * its locks decides.
 */
async function whileTheAnswerWaits(
  who: Learner,
  body: Body,
  meanwhile: (trx: any) => Promise<void>
) {
  const trx = await db.transaction()
  try {
    await trx.rawQuery('select id from users where id = ? for no key update', [who.user.id])
    const reply = who.answer(body)
    await untilAnAnswerWaitsForALock()
    await meanwhile(trx)
    await trx.commit()
    return await reply
  } catch (error) {
    if (!trx.isCompleted) await trx.rollback()
    throw error
  }
}

async function untilAnAnswerWaitsForALock() {
  const deadline = Date.now() + 8000
  while (Date.now() < deadline) {
    const { rows } = await db.rawQuery(
      `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ` +
        `like '%mnemo_record_answer%'`
    )
    if (rows.length) return
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error("no answer came to wait for the learner's lock")
}

test.group("The answer's rules: a card written between the door's read and the call", (group) => {
  group.each.setup(() => resetState())

  for (const way of ['api', 'web'] as const) {
    test(
      `moved: the ${way} door works the answer out again on the locked row (the fallback), or refuses what ` +
        `the row now says`,
      async ({ client, assert }) => {
        const who = await learner(client, way, { cards: 3 })
        const [moved, shown, frozen] = who.cards
        const noteOf = (card: number) => who.notes[who.cards.indexOf(card)]
        const freezeAndThaw = (card: number) => async (trx: any) => {
          await setFrozen(who.user.id, [noteOf(card)], true, trx)
          await setFrozen(who.user.id, [noteOf(card)], false, trx)
        }

        /*
         * read as never answered (version 0); frozen and unfrozen meanwhile (version 1): the answer is worked
         * out on version 1
         */
        const reply = await whileTheAnswerWaits(
          who,
          { card_id: moved, answer: 'good', review_duration_ms: 4000 },
          freezeAndThaw(moved)
        )
        assertWritten(assert, reply, { version: 2, state: 'learning' })
        const after = await stateOf(who, moved)
        assert.include(after.row, { version: 2, state: 'learning', reps: 1, frozen: false })
        assert.deepEqual(
          after.reviews.map((review) => [
            review.version_before,
            review.state_before,
            review.answer,
          ]),
          [[1, 'new', 'good']]
        )
        assert.include(after, { day: 1, total: 1 })

        /* shown at version 0, which the card has left meanwhile: stale, whichever path */
        const stale = await whileTheAnswerWaits(
          who,
          { card_id: shown, answer: 'good', version: 0 },
          freezeAndThaw(shown)
        )
        assertRefused(assert, who, stale, 409, 'E_STALE_ANSWER')
        assert.include(await stateOf(who, shown), { day: 1, total: 1 })
        assert.lengthOf((await stateOf(who, shown)).reviews, 0)

        /* frozen meanwhile: refused on the row as locked, although it was read in study */
        const refused = await whileTheAnswerWaits(
          who,
          { card_id: frozen, answer: 'good', version: 0 },
          async (trx) => {
            await setFrozen(who.user.id, [noteOf(frozen)], true, trx)
          }
        )
        assertRefused(assert, who, refused, 409, 'E_CARD_FROZEN')
        assert.include((await stateOf(who, frozen)).row, { frozen: true, version: 0, reps: 0 })
        assert.lengthOf((await stateOf(who, frozen)).reviews, 0)
      }
    )
  }
})
