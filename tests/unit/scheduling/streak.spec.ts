import { test } from '@japa/runner'
import { addDays } from '#scheduling/study_day'
import { computeStreak, streakCalendar } from '#scheduling/streak'

const TODAY = '2026-03-20'

/** `count` consecutive days ending on `last`. */
const run = (last: string, count: number) =>
  Array.from({ length: count }, (_, i) => addDays(last, i - count + 1))
const day = (offset: number) => addDays(TODAY, offset)

test.group('Streak: runs and gaps', () => {
  test('no active day: nothing at all', ({ assert }) => {
    assert.deepEqual(computeStreak([], TODAY), {
      currentDuration: 0,
      longestDuration: 0,
      totalActiveDays: 0,
      todayCompleted: false,
      availableFreezeCount: 0,
      nextFreezeMinimumStreak: 7,
      freezeDays: [],
    })
  })

  test('three days up to today: a streak of 3, today completed', ({ assert }) => {
    const streak = computeStreak(run(TODAY, 3), TODAY)
    assert.include(streak, {
      currentDuration: 3,
      longestDuration: 3,
      totalActiveDays: 3,
      todayCompleted: true,
      availableFreezeCount: 0,
    })
  })

  test('today not yet done: a streak reaching yesterday still counts', ({ assert }) => {
    const streak = computeStreak(run(day(-1), 4), TODAY)
    assert.include(streak, { currentDuration: 4, todayCompleted: false })
  })

  test('a missed day without a freeze breaks the streak', ({ assert }) => {
    const streak = computeStreak([...run(day(-5), 3), ...run(TODAY, 2)], TODAY)
    assert.include(streak, { currentDuration: 2, longestDuration: 3, totalActiveDays: 5 })
    assert.deepEqual(streak.freezeDays, [])
  })

  test('last active day before yesterday, no freeze: the streak is over', ({ assert }) => {
    const streak = computeStreak(run(day(-2), 5), TODAY)
    assert.include(streak, {
      currentDuration: 0,
      longestDuration: 5,
      totalActiveDays: 5,
      todayCompleted: false,
    })
    assert.equal(streak.nextFreezeMinimumStreak, 7)
  })

  test('the longest streak is kept after a break', ({ assert }) => {
    const streak = computeStreak([...run(day(-30), 12), ...run(TODAY, 4)], TODAY)
    assert.include(streak, { currentDuration: 4, longestDuration: 12, totalActiveDays: 16 })
  })

  test('days after today are not counted', ({ assert }) => {
    const streak = computeStreak([...run(TODAY, 2), day(1), day(2)], TODAY)
    assert.include(streak, { currentDuration: 2, totalActiveDays: 2 })
  })
})

test.group('Streak: freezes', () => {
  test('{days} days of streak → {freezes} freezes, next at {next}')
    .with([
      { days: 6, freezes: 0, next: 7 },
      { days: 7, freezes: 1, next: 14 },
      { days: 13, freezes: 1, next: 14 },
      { days: 14, freezes: 2, next: 21 },
      { days: 21, freezes: 2, next: 28 },
      { days: 35, freezes: 2, next: 42 },
    ])
    .run(({ assert }, { days, freezes, next }) => {
      const streak = computeStreak(run(TODAY, days), TODAY)
      assert.equal(streak.availableFreezeCount, freezes)
      assert.equal(streak.nextFreezeMinimumStreak, next)
      assert.equal(streak.currentDuration, days)
    })

  test('a missed day is covered by a freeze: the streak goes on, the freeze is spent', ({
    assert,
  }) => {
    const before = run(day(-2), 7)
    const streak = computeStreak([...before, TODAY], TODAY)
    assert.deepEqual(streak.freezeDays, [day(-1)])
    assert.include(streak, {
      currentDuration: 8,
      longestDuration: 8,
      availableFreezeCount: 0,
      totalActiveDays: 8,
    })
  })

  test('two freezes cover a gap of two days', ({ assert }) => {
    const streak = computeStreak([...run(day(-3), 14), TODAY], TODAY)
    assert.deepEqual(streak.freezeDays, [day(-2), day(-1)])
    assert.include(streak, { currentDuration: 15, availableFreezeCount: 0 })
  })

  test('a gap larger than the freezes held breaks the streak and spends none', ({ assert }) => {
    const streak = computeStreak([...run(day(-4), 14), TODAY], TODAY)
    assert.deepEqual(streak.freezeDays, [])
    assert.include(streak, { currentDuration: 1, longestDuration: 14, availableFreezeCount: 0 })
  })

  test('today not yet done: freezes cover the days missed before it', ({ assert }) => {
    const streak = computeStreak(run(day(-3), 14), TODAY)
    assert.deepEqual(streak.freezeDays, [day(-2), day(-1)])
    assert.include(streak, { currentDuration: 14, todayCompleted: false, availableFreezeCount: 0 })
  })

  test('today not yet done, more missed days than freezes: the streak is over', ({ assert }) => {
    const streak = computeStreak(run(day(-3), 7), TODAY)
    assert.include(streak, { currentDuration: 0, longestDuration: 7, availableFreezeCount: 0 })
    assert.deepEqual(streak.freezeDays, [])
  })

  test('a freeze spent is earned again at the next multiple of 7', ({ assert }) => {
    /* 7 days (1 freeze), one missed day (spent), 7 more active days: 14 reached, one held again */
    const streak = computeStreak([...run(day(-8), 7), ...run(TODAY, 7)], TODAY)
    assert.include(streak, { currentDuration: 14, availableFreezeCount: 1 })
    assert.deepEqual(streak.freezeDays, [day(-7)])
  })

  test('a broken streak loses the freezes it earned', ({ assert }) => {
    /* 14 days (2 freezes), 3 missed days break it; the new streak of 7 earns only its own one */
    const streak = computeStreak([...run(day(-10), 14), ...run(TODAY, 7)], TODAY)
    assert.include(streak, { currentDuration: 7, longestDuration: 14, availableFreezeCount: 1 })
  })
})

test.group('Streak calendar', () => {
  test('kinds: single, start / middle / end of an ended streak, freeze, and the running streak', ({
    assert,
  }) => {
    /* a lone day; a 3-day streak that ended; 7 days (a freeze earned), yesterday missed and covered, today done */
    const days = [day(-20), ...run(day(-15), 3), ...run(day(-2), 7), TODAY]
    const { freezeDays } = computeStreak(days, TODAY)
    assert.deepEqual(freezeDays, [day(-1)])
    assert.deepEqual(streakCalendar(days, freezeDays, TODAY, day(-30), TODAY), [
      { date: day(-20), kind: 'single' },
      { date: day(-17), kind: 'start' },
      { date: day(-16), kind: 'middle' },
      { date: day(-15), kind: 'end' },
      { date: day(-8), kind: 'start' },
      ...run(day(-2), 6).map((date) => ({ date, kind: 'middle' })),
      { date: day(-1), kind: 'freeze' },
      { date: TODAY, kind: 'streak' },
    ])
  })

  test('today not yet done: the last active day of the running streak is the streak day', ({
    assert,
  }) => {
    const days = run(day(-1), 3)
    assert.deepEqual(streakCalendar(days, [], TODAY, day(-10), TODAY), [
      { date: day(-3), kind: 'start' },
      { date: day(-2), kind: 'middle' },
      { date: day(-1), kind: 'streak' },
    ])
  })

  test('a running streak kept by freezes ends on its last active day, then the frozen days', ({
    assert,
  }) => {
    const days = run(day(-3), 14)
    const { freezeDays } = computeStreak(days, TODAY)
    const calendar = streakCalendar(days, freezeDays, TODAY, day(-4), TODAY)
    assert.deepEqual(calendar, [
      { date: day(-4), kind: 'middle' },
      { date: day(-3), kind: 'streak' },
      { date: day(-2), kind: 'freeze' },
      { date: day(-1), kind: 'freeze' },
    ])
  })

  test('a broken streak ends with an end day, a lone day of today is the running streak', ({
    assert,
  }) => {
    const days = [...run(day(-5), 2), TODAY]
    assert.deepEqual(streakCalendar(days, [], TODAY, day(-10), TODAY), [
      { date: day(-6), kind: 'start' },
      { date: day(-5), kind: 'end' },
      { date: TODAY, kind: 'streak' },
    ])
    assert.deepEqual(streakCalendar([day(-5)], [], TODAY, day(-10), TODAY), [
      { date: day(-5), kind: 'single' },
    ])
  })

  test('only days in the range are listed, with the kinds of their whole streak', ({ assert }) => {
    const days = run(day(-10), 5)
    assert.deepEqual(streakCalendar(days, [], TODAY, day(-12), day(-11)), [
      { date: day(-12), kind: 'middle' },
      { date: day(-11), kind: 'middle' },
    ])
    assert.deepEqual(streakCalendar(days, [], TODAY, day(-10), day(0)), [
      { date: day(-10), kind: 'end' },
    ])
    assert.deepEqual(streakCalendar(days, [], TODAY, day(-40), day(-20)), [])
  })
})
