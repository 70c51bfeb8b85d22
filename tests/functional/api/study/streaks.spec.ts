import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { refreshStreak } from '#actions/study/refresh_streak'
import { addDays } from '#scheduling/study_day'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'
import { streakColumns, studyDays, todayOf } from './support.js'

/** `count` consecutive days ending on `last`, each with `cards` studied. */
const run = (last: string, count: number, cards = 5) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [addDays(last, i - count + 1), cards]))

test.group('API streaks: GET streaks', (group) => {
  group.each.setup(() => resetState())

  test('lists the active and frozen days of the range with their kinds, and the streak', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const other = await signIn()
    const today = todayOf(user)
    const day = (offset: number) => addDays(today, offset)
    await studyDays(user.id, {
      [day(-20)]: 6, // a lone active day
      [day(-15)]: 5,
      [day(-14)]: 7,
      [day(-13)]: 10, // a streak of 3 that ended
      [day(-12)]: 4, // 4 cards: not an active day
      ...run(day(-2), 7), // 7 days: a freeze earned
      // day(-1) missed: the freeze covers it
      [today]: 5,
    })
    /* another learner's days are never counted */
    await studyDays(other.user.id, { [day(-11)]: 50, [day(-10)]: 50, [day(-1)]: 50 })

    const response = await client
      .get('/api/streaks')
      .bearerToken(token)
      .qs({ start_date: day(-30), end_date: today })
    response.assertStatus(200)
    assert.deepEqual(response.body().activeDays, [
      { date: day(-20), kind: 'single' },
      { date: day(-15), kind: 'start' },
      { date: day(-14), kind: 'middle' },
      { date: day(-13), kind: 'end' },
      { date: day(-8), kind: 'start' },
      ...[-7, -6, -5, -4, -3, -2].map((offset) => ({ date: day(offset), kind: 'middle' })),
      { date: day(-1), kind: 'freeze' },
      { date: today, kind: 'streak' },
    ])
    assert.deepEqual(response.body().streak, {
      currentDuration: 8,
      longestDuration: 8,
      totalActiveDays: 12,
      todayShown: false,
      todayCompleted: true,
      availableFreezeCount: 0,
      nextFreezeMinimumStreak: 14,
    })

    /* a narrower range lists only its days, with the kinds of their whole streak */
    const narrow = await client
      .get('/api/streaks')
      .bearerToken(token)
      .qs({ start_date: day(-14), end_date: day(-13) })
    narrow.assertStatus(200)
    assert.deepEqual(narrow.body().activeDays, [
      { date: day(-14), kind: 'middle' },
      { date: day(-13), kind: 'end' },
    ])
  })

  test('a streak not studied for days is over when read, and GET users/me agrees', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const today = todayOf(user)
    await studyDays(user.id, run(addDays(today, -3), 4))
    /* as the answer calls left it when the last day was studied */
    await db
      .from('users')
      .where('id', user.id)
      .update({
        streak_current: 4,
        streak_longest: 4,
        streak_total_active_days: 4,
        streak_completed_on: addDays(today, -3),
      })

    const response = await client
      .get('/api/streaks')
      .bearerToken(token)
      .qs({ start_date: addDays(today, -10), end_date: today })
    response.assertStatus(200)
    assert.include(response.body().streak, {
      currentDuration: 0,
      longestDuration: 4,
      totalActiveDays: 4,
      todayCompleted: false,
    })
    assert.equal(response.body().activeDays.at(-1).kind, 'end')
    const me = await client.get('/api/users/me').bearerToken(token)
    assert.include(me.body().streak, { currentDuration: 0, longestDuration: 4 })
  })

  test('GET users/me alone shows a streak broken by missed days as over', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const today = todayOf(user)
    await studyDays(user.id, run(addDays(today, -5), 3))
    await db
      .from('users')
      .where('id', user.id)
      .update({
        streak_current: 3,
        streak_longest: 3,
        streak_total_active_days: 3,
        streak_completed_on: addDays(today, -3),
      })
    const me = await client.get('/api/users/me').bearerToken(token)
    me.assertStatus(200)
    assert.include(me.body().streak, { currentDuration: 0, longestDuration: 3, totalActiveDays: 3 })
  })

  test('validation: both dates required, real days, end not before start, at most a year apart', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    for (const [query, field, rule] of [
      [{}, 'start_date', 'required'],
      [{ start_date: '2025-01-01' }, 'end_date', 'required'],
      [{ start_date: '2025-13-01', end_date: '2025-12-31' }, 'start_date', 'date'],
      [{ start_date: '2025-02-30', end_date: '2025-03-01' }, 'start_date', 'date'],
      [{ start_date: 'yesterday', end_date: '2025-03-01' }, 'start_date', 'date'],
      [{ start_date: '2025-03-01', end_date: '2025-02-28' }, 'end_date', 'range'],
      [{ start_date: '2025-01-01', end_date: '2026-01-03' }, 'end_date', 'range'],
    ] as const) {
      const response = await client.get('/api/streaks').bearerToken(token).qs(query)
      assert.equal(response.status(), 422, JSON.stringify(query))
      assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
      assert.deepInclude(response.body().errors[0], { field, rule }, JSON.stringify(query))
    }
    /* a whole year, end to end, is fine */
    const year = await client
      .get('/api/streaks')
      .bearerToken(token)
      .qs({ start_date: '2025-01-01', end_date: '2026-01-01' })
    year.assertStatus(200)
    assert.deepEqual(year.body().activeDays, [])
  })

  test('every call needs a token: 401', async ({ client }) => {
    for (const [method, path] of [
      ['get', '/api/streaks?start_date=2025-01-01&end_date=2025-01-31'],
      ['post', '/api/streaks/current_day_streak_shown'],
      ['get', '/api/statistics'],
      ['get', '/api/users/wrapped'],
    ] as const) {
      const response = await client[method](path)
      response.assertStatus(401)
      response.assertBodyContains({ code: 'E_UNAUTHORIZED' })
    }
  })
})

test.group('API streaks: POST streaks/current_day_streak_shown', (group) => {
  group.each.setup(() => resetState())

  test('marks the popup shown for the study day: todayShown in GET users/me, once a day', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const before = await client.get('/api/users/me').bearerToken(token)
    assert.isFalse(before.body().streak.todayShown)

    const first = await client.post('/api/streaks/current_day_streak_shown').bearerToken(token)
    first.assertStatus(200)
    assert.isFalse(first.body().alreadyShown)
    assert.isTrue(first.body().streak.todayShown)
    const me = await client.get('/api/users/me').bearerToken(token)
    assert.isTrue(me.body().streak.todayShown)
    assert.equal((await streakColumns(user.id)).streak_shown_on, todayOf(user))

    const again = await client.post('/api/streaks/current_day_streak_shown').bearerToken(token)
    again.assertStatus(200)
    assert.isTrue(again.body().alreadyShown)
    assert.isTrue(again.body().streak.todayShown)
  })

  test('shown on an earlier day: not shown today, and the next call is the first of the day', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    await db
      .from('users')
      .where('id', user.id)
      .update({ streak_shown_on: addDays(todayOf(user), -1) })
    const me = await client.get('/api/users/me').bearerToken(token)
    assert.isFalse(me.body().streak.todayShown)
    const response = await client.post('/api/streaks/current_day_streak_shown').bearerToken(token)
    assert.isFalse(response.body().alreadyShown)
    assert.isTrue(response.body().streak.todayShown)
  })
})

test.group('Streak: refreshStreak from study_days', (group) => {
  group.each.setup(() => resetState())

  test('stores the streak worked out from the active days (5 cards or more)', async ({
    assert,
  }) => {
    const { user } = await signIn()
    const today = todayOf(user)
    await studyDays(user.id, {
      ...run(addDays(today, -20), 14), // 14 days: two freezes, then broken by a long gap
      ...run(addDays(today, -1), 3, 9),
      [today]: 4, // not yet an active day
    })
    await refreshStreak(user.id, today)
    assert.deepEqual(await streakColumns(user.id), {
      streak_current: 3,
      streak_longest: 14,
      streak_total_active_days: 17,
      streak_freezes: 0,
      streak_completed_on: addDays(today, -1),
      streak_shown_on: null,
    })

    /* the fifth card of the day makes it active */
    await db.from('study_days').where({ user_id: user.id, day: today }).update({ cards_studied: 5 })
    await refreshStreak(user.id, today)
    assert.include(await streakColumns(user.id), {
      streak_current: 4,
      streak_total_active_days: 18,
      streak_completed_on: today,
    })
  })

  test("runs in the caller's transaction: it sees the day just counted there", async ({
    assert,
  }) => {
    const { user } = await signIn()
    const today = todayOf(user)
    const trx = await db.transaction()
    try {
      await trx.table('study_days').insert({ user_id: user.id, day: today, cards_studied: 5 })
      await refreshStreak(user.id, today, { trx })
      const inside = await trx.from('users').where('id', user.id).select('streak_current').first()
      assert.equal(inside.streak_current, 1)
    } finally {
      await trx.rollback()
    }
    assert.include(await streakColumns(user.id), { streak_current: 0, streak_total_active_days: 0 })
  })

  test("each learner's today follows their own time zone (offset 600 and -480)", async ({
    client,
    assert,
  }) => {
    const east = await signIn()
    const west = await signIn()
    east.user.timezoneOffset = 600
    await east.user.save()
    west.user.timezoneOffset = -480
    await west.user.save()
    const eastToday = todayOf(east.user)
    const westToday = todayOf(west.user)
    /* UTC+10 is 18 hours ahead of UTC-8: its study day is never behind, and ahead except from 12:00 to 18:00 UTC */
    assert.isTrue(westToday <= eastToday)

    /* the same rows for both: studied on the eastern learner's today and the day before */
    for (const session of [east, west])
      await studyDays(session.user.id, { [addDays(eastToday, -1)]: 5, [eastToday]: 5 })

    const range = { start_date: addDays(eastToday, -7), end_date: eastToday }
    const eastView = await client.get('/api/streaks').bearerToken(east.token).qs(range)
    assert.include(eastView.body().streak, { currentDuration: 2, todayCompleted: true })
    assert.deepEqual(eastView.body().activeDays, [
      { date: addDays(eastToday, -1), kind: 'start' },
      { date: eastToday, kind: 'streak' },
    ])

    const westView = await client.get('/api/streaks').bearerToken(west.token).qs(range)
    if (westToday < eastToday) {
      /* for the western learner that day has not begun: yesterday's studying is today's, the eastern day is ahead */
      assert.include(westView.body().streak, {
        currentDuration: 1,
        todayCompleted: true,
        totalActiveDays: 1,
      })
      assert.deepEqual(westView.body().activeDays, [{ date: westToday, kind: 'streak' }])
      assert.equal((await streakColumns(west.user.id)).streak_completed_on, westToday)
    } else {
      assert.deepEqual(westView.body().activeDays, eastView.body().activeDays)
    }
  })
})
