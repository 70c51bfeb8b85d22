import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import {
  createDeck,
  fillDeck,
  getDeck,
  signIn,
  snapshot,
  templateIds,
} from '#tests/support/content'
import {
  answer,
  cardIdsOf,
  learnerWithDeck,
  makeReviewCard,
  progressRow,
  start,
} from './support.js'
import { signedIn, WebSession } from '#tests/support/web_session'
import { addDays, studyDayBounds } from '#scheduling/study_day'
import { fuzzBounds } from '#scheduling/fuzz'
import { EXAM_FINAL_DAYS } from '#scheduling/exam'

const DAY_MS = 86_400_000
const today = () => new Date().toISOString().slice(0, 10)

/* the learner's study day as the server counts it (offset 0, 04:00 rollover) */
function studyToday() {
  const now = new Date()
  return new Date(now.getTime() - 4 * 3_600_000).toISOString().slice(0, 10)
}

async function putDeck(client: any, token: string, id: number, deck: Record<string, unknown>) {
  return client.put(`/api/decks/${id}`).bearerToken(token).json({ deck })
}

test.group('API decks: the exam date and the new-card ceiling', (group) => {
  group.each.setup(() => resetState())

  test('a root deck takes an exam date and a ceiling, shows them, and drops them with null', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Pharmacology' })
    assert.include(deck, { examDate: null, examNewCardsCeiling: null })
    const examDate = addDays(today(), 30)
    const response = await putDeck(client, token, deck.id, {
      exam_date: examDate,
      exam_new_cards_ceiling: 40,
    })
    response.assertStatus(200)
    assert.include(response.body(), { examDate, examNewCardsCeiling: 40 })
    assert.include(await getDeck(client, token, deck.id), { examDate, examNewCardsCeiling: 40 })
    /* the other fields are left alone, and null ends exam mode */
    await putDeck(client, token, deck.id, { name: 'Pharmacology II' })
    assert.include(await getDeck(client, token, deck.id), { examDate, name: 'Pharmacology II' })
    ;(
      await putDeck(client, token, deck.id, { exam_date: null, exam_new_cards_ceiling: null })
    ).assertStatus(200)
    assert.include(await getDeck(client, token, deck.id), {
      examDate: null,
      examNewCardsCeiling: null,
    })
  })

  test('bad values are a 422 with a stable code and change nothing', async ({ client, assert }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Law' })
    const sub = await createDeck(client, token, { name: 'Contracts', parent_id: deck.id })
    const before = await db
      .from('decks')
      .whereIn('id', [deck.id, sub.id])
      .orderBy('id')
      .select('exam_date', 'exam_new_cards_ceiling', 'name')
    for (const body of [
      { exam_date: 'next friday' },
      { exam_date: '2026-02-30' },
      { exam_date: 20260301 },
      { exam_new_cards_ceiling: 0 },
      { exam_new_cards_ceiling: 2.5 },
      { exam_new_cards_ceiling: 'many' },
      { exam_date: addDays(today(), 10), exam_new_cards_ceiling: -3, name: 'Renamed' },
    ]) {
      const response = await putDeck(client, token, deck.id, body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
    }
    /* the exam is the tree's: a subdeck refuses it */
    const onSub = await putDeck(client, token, sub.id, { exam_date: addDays(today(), 10) })
    onSub.assertStatus(422)
    assertErrorBody(assert, onSub.body(), 'E_VALIDATION_ERROR')
    assert.deepEqual(
      await db
        .from('decks')
        .whereIn('id', [deck.id, sub.id])
        .orderBy('id')
        .select('exam_date', 'exam_new_cards_ceiling', 'name'),
      before
    )
  })

  test('another learner cannot set or see the exam of a deck that is not theirs', async ({
    client,
    assert,
  }) => {
    const owner = await signIn({ email: 'owner@example.test' })
    const other = await signIn({ email: 'other@example.test' })
    const deck = await createDeck(client, owner.token, { name: 'Mine' })
    const before = await snapshot()
    const response = await putDeck(client, other.token, deck.id, {
      exam_date: addDays(today(), 10),
      exam_new_cards_ceiling: 5,
    })
    response.assertStatus(404)
    assert.deepEqual(await snapshot(), before)
    assert.include(await getDeck(client, owner.token, deck.id), {
      examDate: null,
      examNewCardsCeiling: null,
    })
  })
})

test.group('API users: easy days', (group) => {
  group.each.setup(() => resetState())

  test('seven shares, Sunday first, stored and shown; null clears them', async ({
    client,
    assert,
  }) => {
    const { token, user } = await signIn()
    const weekendsHalf = [0.5, 1, 1, 1, 1, 1, 0.5]
    const response = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user: { easy_days: weekendsHalf } })
    response.assertStatus(200)
    assert.deepEqual(response.body().easyDays, weekendsHalf)
    assert.deepEqual(
      (await client.get('/api/users/me').bearerToken(token)).body().easyDays,
      weekendsHalf
    )
    const cleared = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user: { easy_days: null } })
    assert.isNull(cleared.body().easyDays)
  })

  test('anything but seven shares in [0, 1] with a day left open is a 422 and changes nothing', async ({
    client,
    assert,
  }) => {
    const { token, user } = await signIn()
    await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user: { easy_days: [1, 1, 1, 1, 1, 1, 0] } })
    for (const easyDays of [
      [1, 1, 1],
      [1, 1, 1, 1, 1, 1, 1, 1],
      [1, 1, 1, 1, 1, 1, 2],
      [1, 1, 1, 1, 1, 1, -0.5],
      ['x', 1, 1, 1, 1, 1, 1],
      'weekends',
      [0, 0, 0, 0, 0, 0, 0],
    ]) {
      const response = await client
        .put(`/api/users/${user.id}`)
        .bearerToken(token)
        .json({ user: { easy_days: easyDays } })
      assert.equal(response.status(), 422, JSON.stringify(easyDays))
      assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
    }
    const row = await db.from('users').where('id', user.id).first()
    assert.deepEqual(row.easy_days, [1, 1, 1, 1, 1, 1, 0])
  })

  test("another learner's account is refused", async ({ client, assert }) => {
    const owner = await signIn({ email: 'owner@example.test' })
    const other = await signIn({ email: 'other@example.test' })
    const response = await client
      .put(`/api/users/${owner.user.id}`)
      .bearerToken(other.token)
      .json({ user: { easy_days: [0.5, 1, 1, 1, 1, 1, 0.5] } })
    response.assertStatus(404)
    assert.isNull((await db.from('users').where('id', owner.user.id).first()).easy_days)
  })
})

test.group("Answers on the learner's calendar", (group) => {
  group.each.setup(() => resetState())

  /* `count` review cards of another deck of the learner due on each day of `days` (from today), none elsewhere */
  async function dueOn(
    client: any,
    session: { token: string; user: { id: number } },
    days: number[]
  ) {
    const other = await createDeck(client, session.token, { name: 'Calendar' })
    const { basic } = await templateIds(client, session.token)
    await fillDeck(session.user.id, other.id, basic, days.length)
    const ids = await cardIdsOf(other.id)
    const { start: dayStart } = studyDayBounds(studyToday(), 0)
    for (const [index, day] of days.entries()) {
      await makeReviewCard(session.user.id, ids[index], {
        intervalDays: 30,
        ease: 2.5,
        dueAt: new Date(dayStart.getTime() + day * DAY_MS + 12 * 3_600_000),
      })
    }
  }

  test('load balancing: Good lands on the one day of its fuzz range with nothing due', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 1)
    const [cardId] = await cardIdsOf(session.deck.id)
    await makeReviewCard(session.user.id, cardId, { intervalDays: 10, ease: 2.5 })
    /* SM-2 Good from 10 days at ease 2.5: 25 days, fuzzed within these bounds (Hard's 12 days + 1 the floor) */
    const [lower, upper] = fuzzBounds(25, 13, 36500)
    const light = lower + 1
    const busy = Array.from({ length: upper - lower + 5 }, (_, index) => lower - 2 + index).filter(
      (day) => day !== light
    )
    await dueOn(client, session, busy)
    const first = (await start(client, session, session.deck.id)).card
    await answer(client, session, session.deck.id, first, 'good')
    const row = await progressRow(session.user.id, cardId)
    assert.equal(Number(row.interval_days), light)
    const { start: dayStart } = studyDayBounds(studyToday(), 0)
    assert.equal(Math.floor((new Date(row.due_at).getTime() - dayStart.getTime()) / DAY_MS), light)
  })

  test('easy days: a Saturday at 0 % is never chosen while the range has another day', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 1)
    const [cardId] = await cardIdsOf(session.deck.id)
    await makeReviewCard(session.user.id, cardId, { intervalDays: 10, ease: 2.5 })
    const [lower, upper] = fuzzBounds(25, 13, 36500)
    /* a full calendar everywhere but on the Saturdays of the range */
    const weekday = new Date(`${studyToday()}T00:00:00Z`).getUTCDay()
    const saturdays = Array.from({ length: upper - lower + 1 }, (_, index) => lower + index).filter(
      (day) => (weekday + day) % 7 === 6
    )
    await dueOn(
      client,
      session,
      Array.from({ length: upper - lower + 1 }, (_, index) => lower + index).filter(
        (day) => !saturdays.includes(day)
      )
    )
    await client
      .put(`/api/users/${session.user.id}`)
      .bearerToken(session.token)
      .json({ user: { easy_days: [1, 1, 1, 1, 1, 1, 0] } })
    const first = (await start(client, session, session.deck.id)).card
    await answer(client, session, session.deck.id, first, 'good')
    const row = await progressRow(session.user.id, cardId)
    assert.isAtLeast(Number(row.interval_days), lower)
    assert.isAtMost(Number(row.interval_days), upper)
    assert.notInclude(saturdays, Number(row.interval_days))
  })

  test('the statistics forecast shows the spread of the days ahead and the easy days', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 1)
    /* days 1 to 4 ahead: 3, 1, 1, 3 due */
    await dueOn(client, session, [1, 1, 1, 2, 3, 4, 4, 4])
    await client
      .put(`/api/users/${session.user.id}`)
      .bearerToken(session.token)
      .json({ user: { easy_days: [0.5, 1, 1, 1, 1, 1, 0.5] } })
    const { forecast } = (await client.get('/api/statistics').bearerToken(session.token)).body()
    assert.deepEqual(
      forecast.days.slice(1, 5).map((day: { count: number }) => day.count),
      [3, 1, 1, 3]
    )
    assert.equal(forecast.heaviest, 3)
    /* 8 cards over 29 days: mean 8/29, spread the population standard deviation, one decimal */
    const counts = [3, 1, 1, 3, ...Array(25).fill(0)]
    const mean = 8 / 29
    assert.equal(
      forecast.spread,
      Math.round(Math.sqrt(counts.reduce((sum, count) => sum + (count - mean) ** 2, 0) / 29) * 10) /
        10
    )
    assert.deepEqual(forecast.easyDays, [0.5, 1, 1, 1, 1, 1, 0.5])
  })

  test('exam mode: a review that would fall under the target on the exam day comes back before the exam', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 2)
    const [weak, plain] = await cardIdsOf(session.deck.id)
    for (const cardId of [weak, plain])
      await makeReviewCard(session.user.id, cardId, { intervalDays: 4, ease: 2.5 })
    /* without an exam: Good from 4 days is about 10 */
    const context = await start(client, session, session.deck.id)
    await answer(client, session, session.deck.id, context.card, 'good')
    const normal = await progressRow(session.user.id, context.card.id)
    assert.isAtLeast(Number(normal.interval_days), 8)
    /* with the exam in 6 days: the other card comes back before it, on a day that carries it to the exam */
    const examDate = addDays(studyToday(), 6)
    ;(await putDeck(client, session.token, session.deck.id, { exam_date: examDate })).assertStatus(
      200
    )
    const next = await start(client, session, session.deck.id)
    assert.notEqual(next.card.id, context.card.id)
    await answer(client, session, session.deck.id, next.card, 'good')
    const capped = await progressRow(session.user.id, next.card.id)
    const dueInDays = Math.round(
      (new Date(capped.due_at).getTime() - new Date(capped.last_reviewed_at).getTime()) / 86_400_000
    )
    assert.isAtLeast(dueInDays, Math.max(1, 6 - EXAM_FINAL_DAYS))
    assert.isAtMost(dueInDays, 5)
    /* only the due day moves: the interval is what Good made it, and the early review will grow from it */
    assert.isAtLeast(Number(capped.interval_days), 8)
  })

  test("exam mode: the new cards of the day are the plan's pace, within the ceiling", async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 1)
    const { basic } = await templateIds(client, session.token)
    await fillDeck(session.user.id, session.deck.id, basic, 29)
    assert.equal((await start(client, session, session.deck.id)).topCounters.new, 20)
    /* 30 new cards, 10 days left, no new card in the last 4: 5 a day */
    await putDeck(client, session.token, session.deck.id, { exam_date: addDays(studyToday(), 10) })
    assert.equal((await start(client, session, session.deck.id)).topCounters.new, 5)
    await putDeck(client, session.token, session.deck.id, { exam_new_cards_ceiling: 3 })
    assert.equal((await start(client, session, session.deck.id)).topCounters.new, 3)
    /* after the exam: the deck's own limit again */
    await db
      .from('decks')
      .where('id', session.deck.id)
      .update({ exam_date: addDays(studyToday(), -1) })
    assert.equal((await start(client, session, session.deck.id)).topCounters.new, 20)
  })
})

test.group('Web: exam settings, the plan and easy days', (group) => {
  group.each.setup(() => resetState())

  test('the owner sets the exam on the settings tab and the deck page shows the plan', async ({
    assert,
  }) => {
    const { user, web } = await signedIn()
    const [deck] = await db
      .table('decks')
      .insert({
        user_id: user.id,
        name: 'Anatomy',
        position: 0,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    await db.from('decks').where('id', deck.id).update({ root_deck_id: deck.id })
    const basic = (await db.from('note_types').whereNull('user_id').where('kind', 'basic').first())
      .id
    await fillDeck(user.id, deck.id, basic, 40)
    const settings = await web.visit(`/decks/${deck.id}?tab=settings`)
    assert.isNull(settings.props.examPlan)
    const saved = await web.put(`/decks/${deck.id}`, {
      deck: { exam_date: addDays(studyToday(), 14), exam_new_cards_ceiling: 2 },
    })
    assert.equal(saved.status, 302)
    const page = await web.visit(`/decks/${deck.id}`)
    const plan = page.props.examPlan
    assert.equal(plan.daysLeft, 14)
    assert.equal(plan.cardsToLearn, 40)
    /* 40 cards in 10 days need 4 a day: over the ceiling of 2 */
    assert.include(plan, { newNeeded: 4, newPerDay: 2, ceiling: 2, fits: false })
    assert.lengthOf(plan.reviewsPerDay, 14)
    assert.isBelow(plan.predictedRetention, plan.target)
    await web.put(`/decks/${deck.id}`, { deck: { exam_new_cards_ceiling: null } })
    const fits = (await web.visit(`/decks/${deck.id}`)).props.examPlan
    assert.include(fits, { newPerDay: 4, fits: true })
    assert.isAtLeast(fits.predictedRetention, fits.target)
  })

  test('another learner gets a 404 for the deck page and the update', async ({ assert }) => {
    const owner = await signedIn('owner@example.test')
    const other = await signedIn('other@example.test')
    const [deck] = await db
      .table('decks')
      .insert({
        user_id: owner.user.id,
        name: 'Private',
        position: 0,
        created_at: new Date(),
        updated_at: new Date(),
        exam_date: addDays(today(), 9),
      })
      .returning('id')
    await db.from('decks').where('id', deck.id).update({ root_deck_id: deck.id })
    assert.equal((await other.web.get(`/decks/${deck.id}`)).status, 404)
    assert.equal(
      (await other.web.put(`/decks/${deck.id}`, { deck: { exam_date: null } })).status,
      404
    )
    assert.equal(
      (await db.from('decks').where('id', deck.id).first()).exam_date,
      addDays(today(), 9)
    )
  })

  test('easy days on the settings page', async ({ assert }) => {
    const { user, web } = await signedIn()
    assert.deepEqual((await web.visit('/settings')).props.easyDays, [1, 1, 1, 1, 1, 1, 1])
    const saved = await web.put('/settings/easy_days', { easy_days: [0.5, 1, 1, 1, 1, 1, 0.5] })
    assert.equal(saved.status, 302)
    assert.deepEqual(
      (await db.from('users').where('id', user.id).first()).easy_days,
      [0.5, 1, 1, 1, 1, 1, 0.5]
    )
    assert.deepEqual((await web.visit('/settings')).props.easyDays, [0.5, 1, 1, 1, 1, 1, 0.5])
    /* all normal is none */
    await web.put('/settings/easy_days', { easy_days: [1, 1, 1, 1, 1, 1, 1] })
    assert.isNull((await db.from('users').where('id', user.id).first()).easy_days)
    /* bad input: refused, nothing written */
    const bad = await web.put('/settings/easy_days', { easy_days: [2, 1, 1] })
    assert.notEqual(bad.status, 500)
    assert.isNull((await db.from('users').where('id', user.id).first()).easy_days)
    /* a guest is sent to sign in */
    const guest = new WebSession()
    await guest.get('/settings')
    assert.equal(
      (await guest.put('/settings/easy_days', { easy_days: [1, 1, 1, 1, 1, 1, 0] })).status,
      302
    )
  })
})
