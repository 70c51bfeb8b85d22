import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody } from '#tests/support/helpers'
import { basicNote, createDeck, fillDeck, signIn, templateIds } from '#tests/support/content'
import { answerRequest, cardIdsOf, start } from '../learning/support.js'
import { flagCacheStats, setFlagCheckInterval } from '#services/remote_flags'
import { flagFromElsewhere, guestSession, resetFlags } from './support.js'

const startRequest = (client: any, session: { token: string }, deckId: number) =>
  client
    .get('/api/v2/learning/start')
    .bearerToken(session.token)
    .qs({ deck_id: deckId, learn_session_start_timestamp: Date.now() })

const cardsOf = async (userId: number) =>
  Number(
    (
      await db
        .from('cards')
        .join('decks', 'decks.id', 'cards.deck_id')
        .where('decks.user_id', userId)
        .count('* as n')
        .first()
    ).n
  )

test.group('API limits from remote flags', (group) => {
  group.each.setup(() => resetFlags())
  group.teardown(() => resetFlags())

  test(
    'a guest creates at most guest_cards_created cards (403 E_GUEST_CARDS_LIMIT) by every path; premium and ' +
      'registered users pass',
    async ({ client, assert }) => {
      await flagFromElsewhere('guest_cards_created', 3)
      const guest = await guestSession(client)
      const deck = await createDeck(client, guest.token, { name: 'Guest deck' })
      await basicNote(client, guest.token, deck.id, 'One')
      await basicNote(client, guest.token, deck.id, 'Two')
      const { basic } = await templateIds(client, guest.token)
      /* a reversed note would make two cards: one too many */
      const reversed = await client
        .post('/api/notes')
        .bearerToken(guest.token)
        .json({
          note: {
            deck_id: deck.id,
            template_id: basic,
            fields: { Front: 'R', Back: 'r' },
            reverse: true,
          },
        })
      reversed.assertStatus(403)
      assertErrorBody(assert, reversed.body(), 'E_GUEST_CARDS_LIMIT')
      assert.include(reversed.body().title, '3')
      await basicNote(client, guest.token, deck.id, 'Three')
      const fourth = await client
        .post('/api/notes')
        .bearerToken(guest.token)
        .json({
          note: { deck_id: deck.id, template_id: basic, fields: { Front: 'Four', Back: 'x' } },
        })
      fourth.assertStatus(403)
      assertErrorBody(assert, fourth.body(), 'E_GUEST_CARDS_LIMIT')
      /* bulk creation, into another deck of theirs: all or nothing */
      const other = await createDeck(client, guest.token, { name: 'Second' })
      const bulk = await client
        .post('/api/notes/bulk_create')
        .bearerToken(guest.token)
        .json({ deck_id: other.id, import_data: [{ front: 'a', back: 'b' }] })
      bulk.assertStatus(403)
      assertErrorBody(assert, bulk.body(), 'E_GUEST_CARDS_LIMIT')
      /* duplicating a deck copies its cards */
      const duplicate = await client
        .post(`/api/decks/${deck.id}/duplicate`)
        .bearerToken(guest.token)
        .json({})
      duplicate.assertStatus(403)
      assertErrorBody(assert, duplicate.body(), 'E_GUEST_CARDS_LIMIT')
      assert.equal(await cardsOf(guest.user.id), 3)
      assert.equal(
        Number((await db.from('decks').where('user_id', guest.user.id).count('* as n').first()).n),
        2
      )

      await db.from('users').where('id', guest.user.id).update({ is_premium: true })
      await basicNote(client, guest.token, deck.id, 'Premium four')
      assert.equal(await cardsOf(guest.user.id), 4)

      const member = await signIn()
      const own = await createDeck(client, member.token, { name: 'Mine' })
      for (const front of ['a', 'b', 'c', 'd']) await basicNote(client, member.token, own.id, front)
      assert.equal(await cardsOf(member.user.id), 4)
    }
  )

  test('a guest stops at guest_cards_studied studied cards (403 E_GUEST_STUDY_LIMIT); premium passes', async ({
    client,
    assert,
  }) => {
    await flagFromElsewhere('guest_cards_studied', 2)
    const guest = await guestSession(client)
    const { basic } = await templateIds(client, guest.token)
    const deck = await createDeck(client, guest.token, { name: 'Guest deck' })
    await fillDeck(guest.user.id, deck.id, basic, 3)
    const ids = await cardIdsOf(deck.id)
    /* the start hands out the two cards the limit leaves, and says that is all */
    const body = await start(client, guest as any, deck.id)
    assert.include(body.dailyLimit, { limit: 2, kind: 'guest', reached: true })
    assert.lengthOf(body.cards, 2)
    for (const id of ids.slice(0, 2))
      (await answerRequest(client, guest as any, deck.id, { id, version: 0 }, 'easy')).assertStatus(
        200
      )
    /* none left to hand out: the start is the limit's refusal */
    const stopped = await startRequest(client, guest as any, deck.id)
    stopped.assertStatus(403)
    assertErrorBody(assert, stopped.body(), 'E_GUEST_STUDY_LIMIT')
    const refused = await answerRequest(
      client,
      guest as any,
      deck.id,
      { id: ids[2], version: 0 },
      'good'
    )
    refused.assertStatus(403)
    assertErrorBody(assert, refused.body(), 'E_GUEST_STUDY_LIMIT')
    assert.include(refused.body().title, '2')
    await db.from('users').where('id', guest.user.id).update({ is_premium: true })
    ;(
      await answerRequest(client, guest as any, deck.id, { id: ids[2], version: 0 }, 'good')
    ).assertStatus(200)
  })

  test(
    'a free learner stops at cards_to_paywall cards a day (402 E_DAILY_LEARNING_LIMIT) and passes when the ' +
      'flag goes up',
    async ({ client, assert }) => {
      await flagFromElsewhere('cards_to_paywall', 2)
      const session = await signIn()
      const { basic } = await templateIds(client, session.token)
      const deck = await createDeck(client, session.token, { name: 'Deck' })
      await fillDeck(session.user.id, deck.id, basic, 3)
      const ids = await cardIdsOf(deck.id)
      /* the start hands out the two cards the limit leaves, and says that is all */
      const body = await start(client, session, deck.id)
      assert.deepEqual(body.dailyLimit, { limit: 2, studiedToday: 0, reached: true, kind: 'daily' })
      assert.lengthOf(body.cards, 2)
      for (const id of ids.slice(0, 2))
        (await answerRequest(client, session, deck.id, { id, version: 0 }, 'easy')).assertStatus(
          200
        )
      /* none left to hand out: the start is the limit's refusal, as an answer to a third card is */
      const stopped = await startRequest(client, session, deck.id)
      stopped.assertStatus(402)
      assertErrorBody(assert, stopped.body(), 'E_DAILY_LEARNING_LIMIT')
      const refused = await answerRequest(
        client,
        session,
        deck.id,
        { id: ids[2], version: 0 },
        'good'
      )
      refused.assertStatus(402)
      assertErrorBody(assert, refused.body(), 'E_DAILY_LEARNING_LIMIT')
      assert.include(refused.body().title, '2')
      assert.equal(
        Number((await db.from('review_logs').where('card_id', ids[2]).count('* as n').first()).n),
        0
      )
      /* the flag goes up: the same card passes, no restart needed */
      await flagFromElsewhere('cards_to_paywall', 5)
      ;(
        await answerRequest(client, session, deck.id, { id: ids[2], version: 0 }, 'good')
      ).assertStatus(200)
    }
  )

  test('premium learners have no daily limit; answering asks the flags table nothing', async ({
    client,
    assert,
  }) => {
    await flagFromElsewhere('cards_to_paywall', 1)
    const session = await signIn()
    await db.from('users').where('id', session.user.id).update({ is_premium: true })
    const { basic } = await templateIds(client, session.token)
    const deck = await createDeck(client, session.token, { name: 'Deck' })
    await fillDeck(session.user.id, deck.id, basic, 3)
    /* the answers read the limit from the copy: no check of the flags table (an hour between checks) */
    const interval = setFlagCheckInterval(3_600_000)
    const before = { ...flagCacheStats }
    for (const id of await cardIdsOf(deck.id))
      (await answerRequest(client, session, deck.id, { id, version: 0 }, 'easy')).assertStatus(200)
    setFlagCheckInterval(interval)
    assert.deepEqual(flagCacheStats, before)
  })

  test('GET paywall gives the offer: benefits, the claim, plans with prices, the yearly saving and the trial', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/paywall')
    response.assertStatus(200)
    const offer = response.body()
    assert.deepEqual(offer.benefits, [
      'unlimited_ai',
      'formatting',
      'image_occlusion',
      'image_search',
      'no_daily_limits',
      'smart_repetition',
      'text_to_speech',
    ])
    assert.equal(offer.claimPercent, 35)
    assert.equal(offer.trialDays, 3)
    assert.equal(offer.savingPercent, Math.round((1 - 5999 / (999 * 12)) * 100))
    assert.deepEqual(
      offer.plans.map((plan: any) => [plan.tier, plan.amount, plan.checkoutUrl]),
      [
        ['monthly', 999, '/checkout/monthly'],
        ['yearly', 5999, '/checkout/yearly'],
        ['lifetime', 14999, '/checkout/lifetime'],
      ]
    )
  })
})

test.group("API limits: a guest's import", (group) => {
  group.each.setup(() => resetFlags())
  group.teardown(() => resetFlags())

  test(
    'an import that would take a guest over guest_cards_created fails whole (import_guest_cards_limit); one ' +
      'within it is kept',
    async ({ client, assert }) => {
      const { importFile } = await import('../imports/support.js')
      await flagFromElsewhere('guest_cards_created', 3)
      const guest = await guestSession(client)
      const failed = await importFile(
        client,
        guest.token,
        Buffer.from('one;1\ntwo;2\nthree;3\nfour;4\n'),
        'four.csv'
      )
      assert.equal(failed.status, 'failed')
      assert.equal(failed.errorKey, 'import_guest_cards_limit')
      assert.equal(await cardsOf(guest.user.id), 0)
      const kept = await importFile(client, guest.token, Buffer.from('one;1\ntwo;2\n'), 'two.csv')
      assert.equal(kept.status, 'done')
      assert.equal(await cardsOf(guest.user.id), 2)
    }
  )
})
