import { test } from '@japa/runner'
import { archiveDeck } from '#actions/decks/archive_deck'
import { addDays, studyDayBounds } from '#scheduling/study_day'
import { assertErrorBody, resetState, tokenFor } from '#tests/support/helpers'
import { signedIn } from '#tests/support/web_session'
import { signIn } from '#tests/support/content'
import { cards, deck, during, progress, reviewLogs, todayOf, useFsrs } from './support.js'

const DAY_MS = 86_400_000

test.group('API statistics: GET statistics', (group) => {
  group.each.setup(() => resetState())

  test("heatmap: reviews per study day over the last 365 days, only the learner's own", async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const other = await signIn()
    const today = todayOf(user)
    const main = await deck(user, 'Spanish')
    const [card] = await cards(user, main.id, ['hola'])
    await reviewLogs(user, [
      { card, day: today, answer: 'good', times: 3 },
      { card, day: addDays(today, -10), answer: 'again', times: 2 },
      { card, day: addDays(today, -364), answer: 'good' }, // the first day of the year shown
      { card, day: addDays(today, -365), answer: 'good', times: 4 }, // a day too old
    ])
    const theirs = await deck(other.user, 'Theirs')
    const [theirCard] = await cards(other.user, theirs.id, ['x'])
    await reviewLogs(other.user, [{ card: theirCard, day: today, answer: 'good', times: 7 }])

    const response = await client.get('/api/statistics').bearerToken(token)
    response.assertStatus(200)
    const { heatmap } = response.body()
    assert.deepEqual(heatmap, {
      start: addDays(today, -364),
      end: today,
      days: [
        { date: addDays(today, -364), count: 1 },
        { date: addDays(today, -10), count: 2 },
        { date: today, count: 3 },
      ],
      totalReviews: 6,
      studiedDays: 3,
      maxCount: 3,
    })
    assert.equal(response.body().today, today)
    assert.isNull(response.body().deck)
  })

  test("forecast: due cards per study day for 30 days, overdue counted today, in the learner's time zone", async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    user.timezoneOffset = 120
    await user.save()
    const today = todayOf(user)
    const main = await deck(user, 'Biology')
    const archived = await deck(user, 'Old')
    const [overdue, laterToday, inThreeDays, justBefore, farAway, frozen, fresh, lastDay] =
      await cards(user, main.id, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
    const [inArchive] = await cards(user, archived.id, ['z'])
    await archiveDeck(user, { id: archived.id, archived: true })
    const start = (day: string) => studyDayBounds(day, user.timezoneOffset).start
    await progress(user.id, [
      { card: overdue, state: 'review', dueAt: during(user, addDays(today, -4)) },
      { card: laterToday, state: 'learning', dueAt: during(user, today, 20 * 60) },
      /* the first minute of a study day belongs to it, the last minute before to the day before */
      {
        card: inThreeDays,
        state: 'review',
        dueAt: new Date(start(addDays(today, 3)).getTime() + 60_000),
      },
      {
        card: justBefore,
        state: 'review',
        dueAt: new Date(start(addDays(today, 3)).getTime() - 60_000),
      },
      { card: farAway, state: 'review', dueAt: during(user, addDays(today, 30)) },
      { card: frozen, state: 'review', dueAt: during(user, addDays(today, 1)), frozen: true },
      { card: fresh, state: 'new', dueAt: null },
      { card: lastDay, state: 'relearning', dueAt: during(user, addDays(today, 29)) },
      { card: inArchive, state: 'review', dueAt: during(user, today) },
    ])

    const response = await client.get('/api/statistics').bearerToken(token)
    response.assertStatus(200)
    const { forecast } = response.body()
    assert.lengthOf(forecast.days, 30)
    assert.equal(forecast.days[0].date, today)
    assert.equal(forecast.days[29].date, addDays(today, 29))
    const nonZero = forecast.days.filter((day: { count: number }) => day.count > 0)
    assert.deepEqual(nonZero, [
      { date: today, count: 2 },
      { date: addDays(today, 2), count: 1 },
      { date: addDays(today, 3), count: 1 },
      { date: addDays(today, 29), count: 1 },
    ])
    assert.equal(forecast.overdue, 1)
    assert.equal(forecast.total, 5)
  })

  test('true retention: passed share of mature-card reviews over 30 and 365 days', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const today = todayOf(user)
    const main = await deck(user, 'History')
    const [card, speedCard] = await cards(user, main.id, ['1066', '1492'])
    await reviewLogs(user, [
      /* last 30 days: 3 passed of 4 */
      { card, day: today, answer: 'good', intervalBefore: 30, times: 2 },
      { card, day: addDays(today, -29), answer: 'hard', intervalBefore: 21 },
      { card, day: addDays(today, -5), answer: 'again', intervalBefore: 40 },
      /* earlier in the year: 2 passed of 4 (a speed-review Study again fails too) */
      { card, day: addDays(today, -30), answer: 'easy', intervalBefore: 25 },
      {
        card: speedCard,
        day: addDays(today, -100),
        answer: 'got_it',
        kind: 'speed',
        intervalBefore: 22,
      },
      {
        card: speedCard,
        day: addDays(today, -200),
        answer: 'study_again',
        kind: 'speed',
        intervalBefore: 22,
      },
      { card, day: addDays(today, -364), answer: 'again', intervalBefore: 60 },
      /* not counted: young cards, learning steps, relearning steps, older than a year */
      { card, day: today, answer: 'again', intervalBefore: 20.9 },
      { card, day: today, answer: 'again', kind: 'learn', intervalBefore: 30 },
      { card, day: today, answer: 'again', kind: 'relearn', intervalBefore: 30 },
      { card, day: addDays(today, -365), answer: 'again', intervalBefore: 30 },
    ])

    const response = await client.get('/api/statistics').bearerToken(token)
    response.assertStatus(200)
    assert.deepEqual(response.body().trueRetention, {
      matureIntervalDays: 21,
      last30Days: { passed: 3, total: 4, rate: 0.75 },
      lastYear: { passed: 5, total: 8, rate: 0.625 },
    })
  })

  test('no reviews: empty heatmap, zero forecast, no retention figures', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const response = await client.get('/api/statistics').bearerToken(token)
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(body.heatmap.days, [])
    assert.equal(body.forecast.total, 0)
    assert.deepEqual(body.trueRetention.last30Days, { passed: 0, total: 0, rate: null })
    assert.deepEqual(body.predictedRetention, { cards: 0, rate: null })
  })

  test('predicted retention: FSRS decks only, mean recall probability of cards in review', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const fsrs = await deck(user, 'FSRS deck')
    await useFsrs(fsrs.id)
    const sub = await deck(user, 'FSRS subdeck', fsrs.id)
    const sm2 = await deck(user, 'SM-2 deck')
    const [atStability, inSub, learning] = await cards(user, fsrs.id, ['a', 'b', 'c'])
    const [subCard] = await cards(user, sub.id, ['d'])
    const [sm2Card] = await cards(user, sm2.id, ['e'])
    const now = Date.now()
    await progress(user.id, [
      /* FSRS: recall probability is 90 % when the time since the last review equals the stability */
      {
        card: atStability,
        state: 'review',
        dueAt: new Date(now + DAY_MS),
        stability: 10,
        difficulty: 5,
        lastReviewedAt: new Date(now - 10 * DAY_MS),
      },
      {
        card: subCard,
        state: 'review',
        dueAt: new Date(now + DAY_MS),
        stability: 4,
        difficulty: 5,
        lastReviewedAt: new Date(now - 4 * DAY_MS),
      },
      /* not in review: not counted */
      {
        card: learning,
        state: 'learning',
        dueAt: new Date(now),
        stability: 1,
        difficulty: 5,
        lastReviewedAt: new Date(now - DAY_MS),
      },
      {
        card: inSub,
        state: 'review',
        dueAt: new Date(now),
        stability: 3,
        difficulty: 5,
        lastReviewedAt: new Date(now - DAY_MS),
        frozen: true,
      },
      /* SM-2 deck: no prediction */
      {
        card: sm2Card,
        state: 'review',
        dueAt: new Date(now),
        stability: 1,
        difficulty: 5,
        lastReviewedAt: new Date(now - 50 * DAY_MS),
      },
    ])

    const response = await client.get('/api/statistics').bearerToken(token)
    response.assertStatus(200)
    assert.equal(response.body().predictedRetention.cards, 2)
    assert.closeTo(response.body().predictedRetention.rate, 0.9, 0.002)
  })

  test(
    'answer buttons by kind of card, answers by hour, review intervals and retention by card age; the web ' +
      'page reads the same',
    async ({ client, assert }) => {
      const { user, web } = await signedIn()
      const token = await tokenFor(user)
      const other = await signIn()
      const today = todayOf(user)
      const main = await deck(user, 'Anatomy')
      const [a, b, c, d, e, f, frozen, fresh] = await cards(user, main.id, [
        'a',
        'b',
        'c',
        'd',
        'e',
        'f',
        'g',
        'h',
      ])
      await reviewLogs(user, [
        /* a: first reviewed 40 days ago (outside the 30 days of the answer charts), then learning steps today */
        { card: a, day: addDays(today, -40), answer: 'good', intervalBefore: 30 },
        { card: a, day: today, answer: 'again', kind: 'learn' },
        { card: a, day: today, answer: 'good', kind: 'learn' },
        /* b: mature reviews 5 days ago (its first), young ones today */
        { card: b, day: addDays(today, -5), answer: 'again', intervalBefore: 30 },
        { card: b, day: addDays(today, -5), answer: 'easy', intervalBefore: 30, times: 2 },
        { card: b, day: today, answer: 'hard', intervalBefore: 5, times: 2 },
        { card: b, day: today, answer: 'good', intervalBefore: 5 },
        /* c: first seen 200 days ago; failed at 100 days old; passed today, in a review and in speed mode */
        { card: c, day: addDays(today, -200), answer: 'good', kind: 'learn' },
        { card: c, day: addDays(today, -100), answer: 'again', intervalBefore: 50 },
        { card: c, day: today, answer: 'good', intervalBefore: 50 },
        { card: c, day: today, answer: 'got_it', kind: 'speed' },
      ])
      const theirs = await deck(other.user, 'Theirs')
      const [theirCard] = await cards(other.user, theirs.id, ['x'])
      await reviewLogs(other.user, [
        { card: theirCard, day: today, answer: 'again', intervalBefore: 5, times: 9 },
      ])
      const due = during(user, addDays(today, 3))
      await progress(user.id, [
        { card: a, state: 'review', dueAt: due, intervalDays: 1 },
        { card: b, state: 'review', dueAt: due, intervalDays: 3.2 },
        { card: c, state: 'relearning', dueAt: due, intervalDays: 10 },
        { card: d, state: 'review', dueAt: due, intervalDays: 25 },
        { card: e, state: 'review', dueAt: due, intervalDays: 400 },
        { card: f, state: 'learning', dueAt: due, intervalDays: 0 },
        { card: frozen, state: 'review', dueAt: due, intervalDays: 60, frozen: true },
        { card: fresh, state: 'new', dueAt: null, intervalDays: 0 },
      ])

      const response = await client.get('/api/statistics').bearerToken(token)
      response.assertStatus(200)
      const body = response.body()
      assert.equal(body.chartDays, 30)
      assert.deepEqual(body.answerButtons, [
        {
          kind: 'learning',
          counts: { again: 1, hard: 0, good: 1, easy: 0 },
          total: 2,
          correctRate: 0.5,
        },
        {
          kind: 'young',
          counts: { again: 0, hard: 2, good: 1, easy: 0 },
          total: 3,
          correctRate: 1,
        },
        {
          kind: 'mature',
          counts: { again: 1, hard: 0, good: 1, easy: 2 },
          total: 4,
          correctRate: 0.75,
        },
      ])
      /* every answer of the 30 days was given in the same hour of the learner's clock; the speed answer counts here */
      const hour = during(user, today, 60).getUTCHours()
      assert.lengthOf(body.hours, 24)
      assert.deepEqual(body.hours[hour], { hour, count: 10, passed: 8 })
      assert.equal(
        body.hours.reduce((sum: number, row: { count: number }) => sum + row.count, 0),
        10
      )
      assert.deepEqual(body.intervals, {
        buckets: [
          { from: 1, to: 1, count: 1 },
          { from: 2, to: 2, count: 0 },
          { from: 3, to: 6, count: 1 },
          { from: 7, to: 13, count: 1 },
          { from: 14, to: 20, count: 0 },
          { from: 21, to: 59, count: 1 },
          { from: 60, to: 179, count: 0 },
          { from: 180, to: 364, count: 0 },
          { from: 365, to: null, count: 1 },
        ],
        total: 5,
        medianDays: 10,
      })
      assert.deepEqual(body.retentionByAge, [
        { fromDays: 0, toDays: 30, passed: 6, total: 7, rate: 6 / 7 },
        { fromDays: 30, toDays: 90, passed: 0, total: 0, rate: null },
        { fromDays: 90, toDays: 180, passed: 0, total: 1, rate: 0 },
        { fromDays: 180, toDays: 365, passed: 2, total: 2, rate: 1 },
        { fromDays: 365, toDays: null, passed: 0, total: 0, rate: null },
      ])

      /* the web page's props are the same answer */
      const page = await web.visit('/statistics')
      for (const key of ['answerButtons', 'hours', 'intervals', 'retentionByAge'])
        assert.deepEqual(page.props.statistics[key], body[key], key)
    }
  )

  test("deck_id: that deck and its subdecks only; another learner's deck is a 404", async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const other = await signIn()
    const today = todayOf(user)
    const main = await deck(user, 'Languages')
    const sub = await deck(user, 'German', main.id)
    const elsewhere = await deck(user, 'Maths')
    const [mainCard] = await cards(user, main.id, ['a'])
    const [subCard] = await cards(user, sub.id, ['b'])
    const [elsewhereCard] = await cards(user, elsewhere.id, ['c'])
    await reviewLogs(user, [
      { card: mainCard, day: today, answer: 'good', intervalBefore: 30 },
      { card: subCard, day: today, answer: 'again', intervalBefore: 30, times: 2 },
      { card: elsewhereCard, day: today, answer: 'good', intervalBefore: 30, times: 5 },
    ])
    await progress(user.id, [
      { card: subCard, state: 'review', dueAt: during(user, addDays(today, 1)) },
      { card: elsewhereCard, state: 'review', dueAt: during(user, addDays(today, 1)) },
    ])

    const response = await client.get('/api/statistics').bearerToken(token).qs({ deck_id: main.id })
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(body.deck, { id: main.id, name: 'Languages' })
    assert.deepEqual(body.heatmap.days, [{ date: today, count: 3 }])
    assert.deepEqual(body.trueRetention.last30Days, { passed: 1, total: 3, rate: 1 / 3 })
    assert.equal(body.forecast.total, 1)

    const subOnly = await client.get('/api/statistics').bearerToken(token).qs({ deck_id: sub.id })
    assert.deepEqual(subOnly.body().heatmap.days, [{ date: today, count: 2 }])

    const theirs = await deck(other.user, 'Private')
    const foreign = await client
      .get('/api/statistics')
      .bearerToken(token)
      .qs({ deck_id: theirs.id })
    foreign.assertStatus(404)
    assertErrorBody(assert, foreign.body(), 'E_NOT_FOUND')
    const missing = await client.get('/api/statistics').bearerToken(token).qs({ deck_id: 999999 })
    missing.assertStatus(404)

    const bad = await client.get('/api/statistics').bearerToken(token).qs({ deck_id: 'abc' })
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'deck_id')
  })
})
