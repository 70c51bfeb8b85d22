import { test } from '@japa/runner'
import ArchiveDeck from '#actions/decks/archive_deck'
import { addDays, studyDayBounds } from '#scheduling/study_day'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signIn } from '#tests/functional/api/content/support'
import { cards, deck, during, progress, reviewLogs, todayOf, useFsrs } from './support.js'

const DAY_MS = 86_400_000

test.group('API statistics: GET statistics', (group) => {
  group.each.setup(() => resetState())

  test('heatmap: reviews per study day over the last 365 days, only the learner\'s own', async ({ client, assert }) => {
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

  test('forecast: due cards per study day for 30 days, overdue counted today, in the learner\'s time zone', async ({ client, assert }) => {
    const { user, token } = await signIn()
    user.timezoneOffset = 120
    await user.save()
    const today = todayOf(user)
    const main = await deck(user, 'Biology')
    const archived = await deck(user, 'Old')
    const [overdue, laterToday, inThreeDays, justBefore, farAway, frozen, fresh, lastDay] = await cards(user, main.id, [
      'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h',
    ])
    const [inArchive] = await cards(user, archived.id, ['z'])
    await new ArchiveDeck().handle(user, archived.id, true)
    const start = (day: string) => studyDayBounds(day, user.timezoneOffset).start
    await progress(user.id, [
      { card: overdue, state: 'review', dueAt: during(user, addDays(today, -4)) },
      { card: laterToday, state: 'learning', dueAt: during(user, today, 20 * 60) },
      /* the first minute of a study day belongs to it, the last minute before to the day before */
      { card: inThreeDays, state: 'review', dueAt: new Date(start(addDays(today, 3)).getTime() + 60_000) },
      { card: justBefore, state: 'review', dueAt: new Date(start(addDays(today, 3)).getTime() - 60_000) },
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

  test('true retention: passed share of mature-card reviews over 30 and 365 days', async ({ client, assert }) => {
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
      { card: speedCard, day: addDays(today, -100), answer: 'got_it', kind: 'speed', intervalBefore: 22 },
      { card: speedCard, day: addDays(today, -200), answer: 'study_again', kind: 'speed', intervalBefore: 22 },
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

  test('no reviews: empty heatmap, zero forecast, no retention figures', async ({ client, assert }) => {
    const { token } = await signIn()
    const response = await client.get('/api/statistics').bearerToken(token)
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(body.heatmap.days, [])
    assert.equal(body.forecast.total, 0)
    assert.deepEqual(body.trueRetention.last30Days, { passed: 0, total: 0, rate: null })
    assert.deepEqual(body.predictedRetention, { cards: 0, rate: null })
  })

  test('predicted retention: FSRS decks only, mean recall probability of cards in review', async ({ client, assert }) => {
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
      { card: atStability, state: 'review', dueAt: new Date(now + DAY_MS), stability: 10, difficulty: 5, lastReviewedAt: new Date(now - 10 * DAY_MS) },
      { card: subCard, state: 'review', dueAt: new Date(now + DAY_MS), stability: 4, difficulty: 5, lastReviewedAt: new Date(now - 4 * DAY_MS) },
      /* not in review: not counted */
      { card: learning, state: 'learning', dueAt: new Date(now), stability: 1, difficulty: 5, lastReviewedAt: new Date(now - DAY_MS) },
      { card: inSub, state: 'review', dueAt: new Date(now), stability: 3, difficulty: 5, lastReviewedAt: new Date(now - DAY_MS), frozen: true },
      /* SM-2 deck: no prediction */
      { card: sm2Card, state: 'review', dueAt: new Date(now), stability: 1, difficulty: 5, lastReviewedAt: new Date(now - 50 * DAY_MS) },
    ])

    const response = await client.get('/api/statistics').bearerToken(token)
    response.assertStatus(200)
    assert.equal(response.body().predictedRetention.cards, 2)
    assert.closeTo(response.body().predictedRetention.rate, 0.9, 0.002)
  })

  test('deck_id: that deck and its subdecks only; another learner\'s deck is a 404', async ({ client, assert }) => {
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
    const foreign = await client.get('/api/statistics').bearerToken(token).qs({ deck_id: theirs.id })
    foreign.assertStatus(404)
    assertErrorBody(assert, foreign.body(), 'E_NOT_FOUND')
    const missing = await client.get('/api/statistics').bearerToken(token).qs({ deck_id: 999999 })
    missing.assertStatus(404)

    const bad = await client.get('/api/statistics').bearerToken(token).qs({ deck_id: 'abc' })
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'deck_id')
  })
})
