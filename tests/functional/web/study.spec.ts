import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { addDays } from '#scheduling/study_day'
import { makeUser, resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'
import {
  cards,
  deck,
  reviewLogs,
  streakColumns,
  studyDays,
  todayOf,
} from '#tests/functional/api/study/support'

const page = async (web: WebSession, path: string) => {
  const response = await web.get(path)
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`)
  return WebSession.page(response.text)
}

test.group('Web: statistics and streak pages', (group) => {
  group.each.setup(() => resetState())

  test("the statistics page shows the signed-in learner's figures and their decks", async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const today = todayOf(user)
    const main = await deck(user, 'Spanish')
    const sub = await deck(user, 'Verbs', main.id)
    const [card] = await cards(user, sub.id, ['hablar'])
    await reviewLogs(user, [{ card, day: today, answer: 'good', intervalBefore: 30, times: 2 }])

    const all = await page(web, '/statistics')
    assert.equal(all.component, 'study/statistics')
    assert.deepEqual(all.props.statistics.heatmap.days, [{ date: today, count: 2 }])
    assert.deepEqual(all.props.statistics.trueRetention.last30Days, {
      passed: 2,
      total: 2,
      rate: 1,
    })
    assert.lengthOf(all.props.statistics.forecast.days, 30)
    assert.isNull(all.props.statistics.deck)
    assert.deepEqual(all.props.decks, [
      { id: main.id, name: 'Spanish', depth: 0 },
      { id: sub.id, name: 'Verbs', depth: 1 },
    ])
    assert.include(await web.messages(all), { 'ui.stats.statistics.title': 'Statistics' })
    /* the server render draws the heatmap, the forecast and the retention figures */
    const html = (await web.get('/statistics')).text
    assert.include(html, 'class="heat-cell heat-4"')
    assert.include(html, 'class="forecast-bars"')
    assert.include(html, '2 of 2 reviews passed')

    const one = await page(web, `/statistics?deck_id=${main.id}`)
    assert.deepEqual(one.props.statistics.deck, { id: main.id, name: 'Spanish' })
    assert.equal(one.props.statistics.heatmap.totalReviews, 2)
    /* a deck_id that is not a number shows every deck */
    assert.isNull((await page(web, '/statistics?deck_id=abc')).props.statistics.deck)
  })

  test("another learner's deck is a 404 page", async ({ assert }) => {
    const { web } = await signedIn('ana@example.test')
    const other = await makeUser({ email: 'bo@example.test' })
    const theirs = await deck(other, 'Private')
    const response = await web.get(`/statistics?deck_id=${theirs.id}`)
    assert.equal(response.status, 404)
    assert.notInclude(response.text, 'Private')
  })

  test("the streak page shows the streak and the month's days with their kinds", async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const today = todayOf(user)
    const day = (offset: number) => addDays(today, offset)
    await studyDays(user.id, { [day(-2)]: 5, [day(-1)]: 9, [today]: 5, [day(-40)]: 6 })

    const streak = await page(web, '/streak')
    assert.equal(streak.component, 'study/streak')
    assert.equal(streak.props.calendar.month, today.slice(0, 7))
    assert.equal(streak.props.calendar.today, today)
    assert.isNull(streak.props.calendar.nextMonth)
    assert.equal(
      streak.props.calendar.previousMonth,
      addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)
    )
    assert.include(streak.props.calendar.streak, {
      currentDuration: 3,
      longestDuration: 3,
      totalActiveDays: 4,
      todayCompleted: true,
      todayShown: false,
    })
    const expected = [
      { date: day(-2), kind: 'start' },
      { date: day(-1), kind: 'middle' },
      { date: today, kind: 'streak' },
    ].filter((entry) => entry.date.startsWith(streak.props.calendar.month))
    assert.deepEqual(streak.props.calendar.days, expected)
    const html = (await web.get('/streak')).text
    assert.include(html, 'class="streak-calendar"')
    assert.include(html, 'class="day-streak"')

    /* an earlier month, by the query string; a future or malformed one falls back to the current month */
    const month40 = day(-40).slice(0, 7)
    const earlier = await page(web, `/streak?month=${month40}`)
    assert.equal(earlier.props.calendar.month, month40)
    assert.deepInclude(earlier.props.calendar.days, { date: day(-40), kind: 'single' })
    assert.isString(earlier.props.calendar.nextMonth)
    assert.equal((await page(web, '/streak?month=2999-01')).props.calendar.month, today.slice(0, 7))
    assert.equal((await page(web, '/streak?month=bogus')).props.calendar.month, today.slice(0, 7))
  })

  test('POST /streak/shown marks the popup shown today, once', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    await web.get('/streak')
    const first = await web.request('POST', '/streak/shown', {}, {})
    assert.equal(first.status, 200)
    assert.deepInclude(JSON.parse(first.text), { alreadyShown: false })
    assert.isTrue(JSON.parse(first.text).streak.todayShown)
    assert.equal((await streakColumns(user.id)).streak_shown_on, todayOf(user))
    const second = await web.post('/streak/shown')
    assert.isTrue(JSON.parse(second.text).alreadyShown)
    assert.isTrue((await page(web, '/streak')).props.calendar.streak.todayShown)

    /* without the CSRF token the call is refused and nothing changes */
    await db.from('users').where('id', user.id).update({ streak_shown_on: null })
    const forged = await web.post('/streak/shown', {}, { csrf: false })
    assert.notEqual(forged.status, 200)
    assert.isNull((await streakColumns(user.id)).streak_shown_on)
  })

  test('a signed-out visitor is sent to sign in', async ({ assert }) => {
    const visitor = new WebSession()
    await visitor.get('/sign-in')
    for (const path of ['/statistics', '/streak']) {
      assert.equal(
        (await visitor.get(path)).location,
        `/sign-in?next=${encodeURIComponent(path)}`,
        path
      )
    }
    assert.equal((await visitor.post('/streak/shown')).location, '/sign-in')
  })
})
