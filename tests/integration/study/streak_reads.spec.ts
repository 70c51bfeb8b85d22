import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { refreshStreak } from '#actions/study/refresh_streak'
import { markStreakShown } from '#actions/study/mark_streak_shown'
import { streakDays, monthBounds } from '#queries/study/streaks'
import { activeDaysOf } from '#queries/study/active_days'
import { apiUser } from '#queries/users/api_user'
import StreakTransformer from '#transformers/streak_transformer'
import StreakShownTransformer from '#transformers/streak_shown_transformer'
import { serialize } from '#transformers/serialize'
import UserTransformer from '#transformers/user_transformer'
import { addDays, studyDay } from '#scheduling/study_day'
import { makeUser, resetState } from '#tests/support/helpers'
import { learnerColumns } from '../learning/support.js'

const todayOf = (offset = 0) => studyDay(new Date(), offset)

async function studied(userId: number, days: Record<string, number>) {
  await db
    .table('study_days')
    .multiInsert(
      Object.entries(days).map(([day, count]) => ({ user_id: userId, day, cards_studied: count }))
    )
}

test.group('Streak reads only read; the doors bring the streak up to date first', (group) => {
  group.each.setup(() => resetState())

  test('streakDays reads the calendar and the stored streak and writes nothing', async ({
    assert,
  }) => {
    const user = await makeUser()
    const today = todayOf()
    await studied(user.id, { [addDays(today, -2)]: 5, [addDays(today, -1)]: 7, [today]: 3 })
    const before = await learnerColumns(user)

    const days = await streakDays(user, addDays(today, -6), today)
    assert.deepEqual(await learnerColumns(user), before)
    assert.equal(days.today, today)
    assert.deepEqual(
      days.activeDays.map((day) => day.date),
      [addDays(today, -2), addDays(today, -1)]
    )
    /* not refreshed yet: the stored streak is still the new account's */
    assert.equal((await serialize(StreakTransformer.transform(days))).streak.currentDuration, 0)

    await refreshStreak(user.id, today)
    const after = await streakDays(user, addDays(today, -6), today)
    const range = await serialize(StreakTransformer.transform(after))
    assert.equal(range.streak.currentDuration, 2)
    assert.equal(range.streak.totalActiveDays, 2)
  })

  test('a learner gone meanwhile is a 404', async ({ assert }) => {
    const user = await makeUser()
    await db.from('users').where('id', user.id).delete()
    const error = await streakDays(user, todayOf(), todayOf()).catch((caught) => caught)
    assert.equal(error.status, 404)
    assert.isNull(await refreshStreak(user.id, todayOf()))
  })

  test('activeDaysOf counts days of 5 cards or more, up to today, oldest first', async ({
    assert,
  }) => {
    const user = await makeUser()
    const today = todayOf()
    await studied(user.id, {
      [addDays(today, -3)]: 4,
      [addDays(today, -2)]: 5,
      [addDays(today, -1)]: 40,
      [addDays(today, 1)]: 9,
    })
    assert.deepEqual(await activeDaysOf(user.id, today), [addDays(today, -2), addDays(today, -1)])
  })

  test('apiUser reads the stored row and the providers, and writes nothing', async ({ assert }) => {
    const user = await makeUser()
    await studied(user.id, { [todayOf()]: 6 })
    const before = await learnerColumns(user)
    const loaded = await apiUser(user)
    assert.deepEqual(await learnerColumns(user), before)
    const entity = await serialize(UserTransformer.transform(loaded))
    assert.deepEqual(entity.connectedSocialProviders, [])
    assert.equal(entity.streak.currentDuration, 0)
  })

  test('markStreakShown writes the day once; the second call says it was already shown', async ({
    assert,
  }) => {
    const user = await makeUser()
    const today = todayOf()
    assert.deepEqual(await markStreakShown(user, { today }), { alreadyShown: false })
    const shown = await serialize(StreakShownTransformer.transform(user, false))
    assert.isTrue(shown.streak.todayShown)
    assert.deepEqual(await markStreakShown(user, { today }), { alreadyShown: true })
    const row = await db
      .from('users')
      .where('id', user.id)
      .select(db.raw(`to_char(streak_shown_on, 'YYYY-MM-DD') as day`))
      .first()
    assert.equal(row.day, today)
  })

  test("monthBounds gives a month's first and last day, leap years included", ({ assert }) => {
    assert.deepEqual(monthBounds('2024-02'), { start: '2024-02-01', end: '2024-02-29' })
    assert.deepEqual(monthBounds('2025-12'), { start: '2025-12-01', end: '2025-12-31' })
  })
})
