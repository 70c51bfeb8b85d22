import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { basicNote, getDeck, signIn } from '#tests/support/content'
import { studyDay, studyDayBounds } from '#scheduling/study_day'
import { answer, cardIdsOf, learnerWithDeck, makeReviewCard, start } from './support.js'

/*
 * Issue 32: Anki's card flags (PUT cards/{id}/flag) and its sibling burying
 * (the deck's three options, POST cards/{id}/bury) through the apps' door.
 */

const flag = (client: any, token: string, cardId: number, value: unknown) =>
  client.put(`/api/cards/${cardId}/flag`).bearerToken(token).json({ flag: value })

const burying = (client: any, session: any, options: Record<string, boolean>) =>
  client
    .put(`/api/algorithm_settings/${session.deck.id}`)
    .bearerToken(session.token)
    .json({ algorithm_preset: 'general', ...options })

const idsOf = (body: any) => body.cards.map((card: any) => card.id)

/* the clock moves on a day, as the learner's next study day finds the burials: they lie a day further back */
const aDayLater = (userId: number) =>
  db.rawQuery(`update card_burials set until = until - interval '1 day' where user_id = ?`, [
    userId,
  ])

/** A learner with a deck of one reversed note (two sibling cards, front then back) and one plain note. */
async function twoSiblings(client: any) {
  const session = await learnerWithDeck(client, 0)
  await basicNote(client, session.token, session.deck.id, 'gato', 'cat', { reverse: true })
  await basicNote(client, session.token, session.deck.id, 'perro', 'dog')
  const [front, back, plain] = await cardIdsOf(session.deck.id)
  return { session, front, back, plain }
}

test.group('API learning: card flags', (group) => {
  group.each.setup(() => resetState())

  test('PUT cards/{id}/flag sets, changes and clears the flag the session cards carry', async ({
    client,
    assert,
  }) => {
    const { session, front, back } = await twoSiblings(client)
    const before = await start(client, session, session.deck.id)
    assert.deepEqual(
      before.cards.map((card: any) => card.flag),
      [0, 0, 0]
    )

    const red = await flag(client, session.token, front, 1)
    red.assertStatus(200)
    assert.deepEqual(red.body(), {
      cardId: front,
      noteId: red.body().noteId,
      deckId: session.deck.id,
      flag: 1,
    })
    ;(await flag(client, session.token, back, 7)).assertStatus(200)
    ;(await flag(client, session.token, front, 3)).assertStatus(200)
    const flagged = await start(client, session, session.deck.id)
    assert.deepEqual(
      flagged.cards.map((card: any) => [card.id, card.flag]),
      [
        [front, 3],
        [back, 7],
        [flagged.cards[2].id, 0],
      ]
    )
    /* a flag marks, it changes nothing of study */
    assert.deepEqual(flagged.topCounters, before.topCounters)

    /* the deck's card list carries it too */
    const listed = await client
      .get('/api/notes/cards')
      .bearerToken(session.token)
      .qs({ deck_id: session.deck.id })
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().cards.map((card: any) => [card.id, card.flag, card.isBuried]),
      [
        [front, 3, false],
        [back, 7, false],
        [flagged.cards[2].id, 0, false],
      ]
    )

    ;(await flag(client, session.token, front, 0)).assertStatus(200)
    const rows = await db
      .from('card_flags')
      .where('user_id', session.user.id)
      .select('card_id', 'flag')
    assert.deepEqual(rows, [{ card_id: back, flag: 7 }])

    for (const wrong of [8, -1, 1.5, 'red']) {
      const refused = await flag(client, session.token, front, wrong)
      refused.assertStatus(422)
    }
  })

  test("a stranger's flag on someone else's card is a 404 and writes nothing", async ({
    client,
    assert,
  }) => {
    const { front } = await twoSiblings(client)
    const stranger = await signIn({ email: 'stranger@example.test' })
    const refused = await flag(client, stranger.token, front, 2)
    refused.assertStatus(404)
    assertErrorBody(assert, refused.body(), 'E_NOT_FOUND')
    assert.lengthOf(await db.from('card_flags'), 0)
  })
})

test.group('API learning: sibling burying', (group) => {
  group.each.setup(() => resetState())

  test('the deck options default to off (Anki), and answering a card then buries nothing', async ({
    client,
    assert,
  }) => {
    const { session, front, back } = await twoSiblings(client)
    const settings = await client
      .get(`/api/algorithm_settings/${session.deck.id}`)
      .bearerToken(session.token)
    assert.include(settings.body(), {
      buryNew: false,
      buryReviews: false,
      buryInterdayLearning: false,
    })
    const cards = (await start(client, session, session.deck.id)).cards
    const answered = await answer(client, session, session.deck.id, cards[0], 'easy')
    assert.deepEqual(answered.buriedCardIds, [])
    assert.include(idsOf(await start(client, session, session.deck.id)), back)
    assert.notInclude(idsOf(await start(client, session, session.deck.id)), front)
  })

  test(
    'with "bury new siblings" on, answering a card buries its new sibling until the next study day: out of ' +
      'the queue and the counters, back the next day',
    async ({ client, assert }) => {
      const { session, front, back, plain } = await twoSiblings(client)
      /* the learner lives at UTC-5: their study day starts at 4 am there */
      await db.from('users').where('id', session.user.id).update({ timezone_offset: -300 })
      const saved = await burying(client, session, { bury_new: true })
      saved.assertStatus(200)
      assert.include(saved.body(), {
        buryNew: true,
        buryReviews: false,
        buryInterdayLearning: false,
      })

      const cards = (await start(client, session, session.deck.id)).cards
      /* as Anki's queue builder: the sibling it would bury is not handed out beside the first card */
      assert.deepEqual(idsOf({ cards }), [front, plain])
      const excluding = await client
        .get('/api/v2/learning/cards')
        .bearerToken(session.token)
        .qs({ deck_id: session.deck.id, exclude_ids: `${front},${plain}` })
      assert.deepEqual(idsOf(excluding.body()), [])
      const answered = await answer(client, session, session.deck.id, cards[0], 'good')
      assert.deepEqual(answered.buriedCardIds, [back])
      /* the answered card is learning, the plain note new; the buried sibling counts nowhere */
      assert.deepEqual(answered.topCounters, { new: 1, learning: 1, graduated: 0 })

      const burial = await db
        .from('card_burials')
        .where({ user_id: session.user.id, card_id: back })
        .first()
      const today = studyDay(new Date(), -300)
      assert.equal(
        new Date(burial.until).toISOString(),
        studyDayBounds(today, -300).end.toISOString()
      )
      assert.isFalse(burial.manual)

      const later = await start(client, session, session.deck.id)
      assert.notInclude(idsOf(later), back)
      assert.include(idsOf(later), plain)
      const deck = await getDeck(client, session.token, session.deck.id)
      assert.deepEqual(deck.topCounters, { new: 1, learning: 1, graduated: 0 })
      /* still a card of the deck */
      assert.equal(deck.totalCardsCount, 3)

      await aDayLater(session.user.id)
      const nextDay = await start(client, session, session.deck.id)
      assert.include(idsOf(nextDay), back)
      assert.equal((await getDeck(client, session.token, session.deck.id)).topCounters.new, 2)
    }
  )

  test(
    'as Anki: answering a new card leaves a review sibling alone; answering a review buries review and new ' +
      'siblings; an undo brings them back',
    async ({ client, assert }) => {
      const session = await learnerWithDeck(client, 0)
      const note = await basicNote(client, session.token, session.deck.id, 'casa', 'house', {
        reverse: true,
      })
      const [front, back] = await cardIdsOf(session.deck.id)
      assert.isOk(note.id)
      await makeReviewCard(session.user.id, back, { intervalDays: 3, ease: 2.5 })
      await burying(client, session, { bury_new: true, bury_reviews: true }).then((r: any) =>
        r.assertStatus(200)
      )

      const first = (await start(client, session, session.deck.id)).cards
      /* the review comes first (Anki's order), its new sibling not beside it; answering it buries that one */
      assert.deepEqual(idsOf({ cards: first }), [back])
      const reviewed = await answer(client, session, session.deck.id, first[0], 'good')
      assert.deepEqual(reviewed.buriedCardIds, [front])
      assert.deepEqual(idsOf(await start(client, session, session.deck.id)), [])

      /* the undo takes the answer back, and the burial it made */
      const undone = await client
        .delete('/api/learning/undo')
        .bearerToken(session.token)
        .json({ deck_id: session.deck.id })
      undone.assertStatus(200)
      assert.lengthOf(await db.from('card_burials'), 0)

      /*
       * a new card answered: its review sibling is not buried (reviews are gathered before new cards), here
       * one due in two days, so that the session hands the new card out
       */
      await makeReviewCard(session.user.id, back, {
        intervalDays: 3,
        ease: 2.5,
        dueAt: new Date(Date.now() + 2 * 86_400_000),
      })
      const shown = (await start(client, session, session.deck.id)).cards
      assert.deepEqual(idsOf({ cards: shown }), [front])
      const answered = await answer(client, session, session.deck.id, shown[0], 'good')
      assert.deepEqual(answered.buriedCardIds, [])
    }
  )

  test('POST cards/{id}/bury buries by hand until the next study day; a stranger gets a 404', async ({
    client,
    assert,
  }) => {
    const { session, front, back } = await twoSiblings(client)
    const buried = await client
      .post(`/api/cards/${front}/bury`)
      .bearerToken(session.token)
      .qs({ deck_id: session.deck.id })
    buried.assertStatus(200)
    assert.include(buried.body(), { cardId: front, deckId: session.deck.id, buried: true })
    assert.deepEqual(buried.body().removedCardIds, [front])
    assert.deepEqual(buried.body().topCounters, { new: 2, learning: 0, graduated: 0 })
    const row = await db.from('card_burials').where({ card_id: front }).first()
    assert.isTrue(row.manual)
    assert.equal(buried.body().buriedUntil, new Date(row.until).toISOString())
    assert.notInclude(idsOf(await start(client, session, session.deck.id)), front)
    assert.include(idsOf(await start(client, session, session.deck.id)), back)

    const stranger = await signIn({ email: 'stranger@example.test' })
    const refused = await client.post(`/api/cards/${back}/bury`).bearerToken(stranger.token)
    refused.assertStatus(404)
    assert.lengthOf(await db.from('card_burials'), 1)

    await aDayLater(session.user.id)
    assert.include(idsOf(await start(client, session, session.deck.id)), front)
  })
})
