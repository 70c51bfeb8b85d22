import { test } from '@japa/runner'
import { formatSteps, parseSteps, PRESETS, resolveAlgorithm } from '#scheduling/presets'
import { repeatInterval } from '#scheduling/repeat_text'
import { outcomesFor } from '#scheduling/scheduler'
import { NEW_PROGRESS, type Progress } from '#scheduling/types'

const NOW = new Date('2026-11-21T10:00:00Z')

test.group('Presets', () => {
  test('each preset is its documented parameter set', ({ assert }) => {
    assert.deepEqual(PRESETS.general.sm2.learningStepsMinutes, [1, 15])
    assert.equal(PRESETS.general.newCardsPerDay, 20)
    assert.equal(PRESETS.general.maxCardsPerDay, 200)
    assert.deepEqual(PRESETS.languages.sm2.learningStepsMinutes, [1, 15, 60])
    assert.equal(PRESETS.languages.sm2.intervalModifier, 0.9)
    /* medical: no daily limits (the spec) */
    assert.isNull(PRESETS.medical.newCardsPerDay)
    assert.isNull(PRESETS.medical.maxCardsPerDay)
    assert.equal(PRESETS.medical.sm2.maximumIntervalDays, 365)
    assert.equal(PRESETS.speed_learning.type, 'speedLearning')
    assert.equal(PRESETS.custom.type, 'spacedRepetition')
  })

  test("the spec's tuning applies to custom only, as changes to the preset", ({ assert }) => {
    const tuning = {
      steps_in_minutes: '2 20',
      easy_bonus_percent: 10,
      interval_modifier_percent: -20,
      max_interval_minutes: 1440 * 30,
    }
    const custom = resolveAlgorithm('custom', tuning)
    assert.deepEqual(custom.sm2.learningStepsMinutes, [2, 20])
    assert.approximately(custom.sm2.easyBonus, 1.43, 1e-9)
    assert.approximately(custom.sm2.intervalModifier, 0.8, 1e-9)
    assert.equal(custom.sm2.maximumIntervalDays, 30)
    const general = resolveAlgorithm('general', tuning)
    assert.deepEqual(general.sm2, PRESETS.general.sm2)
    /* 0 keeps the preset's values; a maximum of 0 minutes means none */
    const zero = resolveAlgorithm('custom', {
      easy_bonus_percent: 0,
      interval_modifier_percent: 0,
      max_interval_minutes: 0,
    })
    assert.deepEqual(zero.sm2, PRESETS.custom.sm2)
  })

  test('an unknown preset falls back to general; FSRS only for spaced repetition', ({ assert }) => {
    assert.equal(resolveAlgorithm('nonsense', {}).preset, 'general')
    assert.equal(resolveAlgorithm('general', { scheduler: 'fsrs' }).scheduler, 'fsrs')
    assert.equal(resolveAlgorithm('speed_learning', { scheduler: 'fsrs' }).scheduler, 'sm2')
  })

  test("the deck's own cards-per-day win over the preset's", ({ assert }) => {
    const resolved = resolveAlgorithm('medical', {}, { newCardsPerDay: 5, maxCardsPerDay: null })
    assert.equal(resolved.newCardsPerDay, 5)
    assert.isNull(resolved.maxCardsPerDay)
  })

  test('learning steps in minutes, or with units', ({ assert }) => {
    assert.deepEqual(parseSteps('1 15'), [1, 15])
    assert.deepEqual(parseSteps(' 1, 10 '), [1, 10])
    assert.deepEqual(parseSteps('30s 10m 1h 2d'), [0.5, 10, 60, 2880])
    assert.deepEqual(parseSteps('1.5'), [1.5])
    for (const bad of ['', 'abc', '0', '-1', '1 x', '10w', '1 2 3 4 5 6 7 8 9 10 11', '600d'])
      assert.isNull(parseSteps(bad), bad)
    assert.equal(formatSteps([1, 15, 60]), '1 15 60')
    assert.equal(formatSteps([0.5]), '0.5')
  })
})

test.group('Repeat text', () => {
  const cases: [number, string, string][] = [
    [30, 'lessThanMinute', '1'],
    [60, 'lessThanMinute', '1'],
    [61, 'minutes', '1'],
    [480, 'minutes', '8'],
    [900, 'minutes', '15'],
    [3600, 'hours', '1'],
    [5400, 'hours', '1.5'],
    [86_400, 'days', '1'],
    [4 * 86_400, 'days', '4'],
    [29 * 86_400, 'days', '29'],
    [36 * 86_400, 'months', '1.2'],
    [400 * 86_400, 'years', '1.1'],
  ]
  for (const [seconds, unit, value] of cases) {
    test(`${seconds} s → ${value} ${unit}`, ({ assert }) => {
      assert.deepEqual(repeatInterval(seconds), { unit: unit as any, value })
    })
  }
})

test.group('Scheduler door', () => {
  const input = (progress: Progress, preset = 'general', stored = {}) => ({
    cardId: 42,
    progress,
    algorithm: resolveAlgorithm(preset, stored),
    fsrsParameters: null,
    now: NOW,
  })

  test("SM-2: a new card offers four answers with the preset's steps", ({ assert }) => {
    const outcomes = outcomesFor(input(NEW_PROGRESS))
    assert.deepEqual(Object.keys(outcomes), ['again', 'hard', 'good', 'easy'])
    assert.equal(outcomes.again!.delaySeconds, 60)
    assert.equal(outcomes.good!.delaySeconds, 900)
    assert.equal(outcomes.good!.progress.state, 'learning')
    assert.equal(outcomes.good!.progress.step, 1)
    assert.equal(outcomes.easy!.progress.state, 'review')
    assert.equal(outcomes.easy!.progress.intervalDays, 4)
    assert.equal(outcomes.easy!.progress.ease, 2.5)
    assert.equal(outcomes.easy!.progress.reps, 1)
    assert.equal(outcomes.easy!.progress.lastReviewedAt, NOW)
  })

  test('speed learning: two answers, Not quite keeps the card in the round', ({ assert }) => {
    const outcomes = outcomesFor(input(NEW_PROGRESS, 'speed_learning'))
    assert.deepEqual(Object.keys(outcomes), ['study_again', 'got_it'])
    assert.equal(outcomes.study_again!.progress.state, 'study_again')
    assert.equal(outcomes.got_it!.progress.state, 'got_it')
    assert.equal(outcomes.got_it!.progress.reps, 1)
  })

  test('a card from speed learning starts over as new in spaced repetition', ({ assert }) => {
    const outcomes = outcomesFor(input({ ...NEW_PROGRESS, state: 'got_it', reps: 3 }))
    assert.equal(outcomes.good!.progress.state, 'learning')
    assert.equal(outcomes.good!.progress.reps, 1)
  })

  test('FSRS: memory state set, and an SM-2 review card switched to FSRS gets one', ({
    assert,
  }) => {
    const fresh = outcomesFor(input(NEW_PROGRESS, 'general', { scheduler: 'fsrs' }))
    assert.isNumber(fresh.good!.progress.stability)
    assert.isNumber(fresh.good!.progress.difficulty)
    const sm2Card: Progress = {
      ...NEW_PROGRESS,
      state: 'review',
      intervalDays: 30,
      ease: 2.5,
      reps: 6,
      dueAt: NOW,
      lastReviewedAt: new Date(NOW.getTime() - 30 * 86_400_000),
    }
    const switched = outcomesFor(input(sm2Card, 'general', { scheduler: 'fsrs' }))
    assert.isAbove(switched.good!.progress.intervalDays, 30)
    assert.isTrue(Number.isFinite(switched.good!.progress.stability))
    assert.equal(switched.again!.progress.lapses, 1)
  })

  test('deterministic: the same card and history give the same outcomes', ({ assert }) => {
    const review: Progress = {
      ...NEW_PROGRESS,
      state: 'review',
      intervalDays: 40,
      ease: 2.5,
      reps: 9,
      dueAt: NOW,
      lastReviewedAt: new Date(NOW.getTime() - 40 * 86_400_000),
    }
    assert.deepEqual(outcomesFor(input(review)), outcomesFor(input(review)))
    const other = outcomesFor({ ...input(review), cardId: 43 })
    /* another card may land on another day of the fuzz range, within it */
    assert.approximately(other.good!.progress.intervalDays, 100, 6)
  })
})

test.group('Scheduler door: FSRS back to SM-2', () => {
  test('a learning card scheduled by FSRS keeps its place on the SM-2 ladder', ({ assert }) => {
    const algorithm = resolveAlgorithm('languages', {})
    /* FSRS counted one step done of three: two to go in SM-2's terms, so Good moves to the third step (60 m) */
    const fsrsCard: Progress = {
      ...NEW_PROGRESS,
      state: 'learning',
      step: 1,
      stability: 2.3,
      difficulty: 5,
      reps: 1,
      dueAt: NOW,
      lastReviewedAt: NOW,
    }
    const outcomes = outcomesFor({
      cardId: 7,
      progress: fsrsCard,
      algorithm,
      fsrsParameters: null,
      now: NOW,
    })
    assert.equal(outcomes.good!.delaySeconds, 3600)
    assert.isNull(outcomes.good!.progress.stability)
  })
})
