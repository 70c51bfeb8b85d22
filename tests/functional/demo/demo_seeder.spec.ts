import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import DemoSeeder, { DEMO } from '#database/seeders/demo_seeder'

test.group('Demo data', (group) => {
  group.each.setup(() => resetState())

  test('the demo account has decks of every kind and six weeks of study the statistics can show', async ({ assert }) => {
    await new DemoSeeder(db.connection()).run()
    const user = await db.from('users').where('email', DEMO.email).firstOrFail()
    const notes = Number((await db.from('notes').where('user_id', user.id).count('* as n').first()).n)
    assert.equal(notes, 8 + 4 + 50)
    const reviews = await db.from('review_logs').where('user_id', user.id).select('study_day', 'answer', 'card_id')
    assert.isAbove(reviews.length, 200)
    /* 42 days back, 3 of them skipped */
    const days = await db.from('study_days').where('user_id', user.id)
    assert.lengthOf(days, 39)
    assert.equal(days.reduce((sum, day) => sum + day.cards_studied, 0), reviews.length)
    assert.equal(user.stats_cards_studied, reviews.length)
    /*
     * two days skipped 30 and 29 days ago break the streak; the day skipped 17
     * days ago is covered by the freeze earned on the 7th day after: 11 + 16
     * days, a streak running into today
     */
    const refreshed = await db.from('users').where('id', user.id).first()
    assert.equal(refreshed.streak_current, 27)
    assert.equal(refreshed.streak_longest, 27)
    assert.isTrue(days.every((day) => day.cards_studied >= 5 || day.day === days[0].day))
    /* the progress rows agree with the history: one version per answer, something due in the coming days */
    const progress = await db.from('card_progress').where('user_id', user.id)
    assert.equal(progress.length, new Set(reviews.map((review) => review.card_id)).size)
    assert.isTrue(progress.some((row) => row.state === 'review' && new Date(row.due_at) > new Date()))
    /* idempotent: a second start changes nothing */
    await new DemoSeeder(db.connection()).run()
    assert.equal(Number((await db.from('review_logs').count('* as n').first()).n), reviews.length)
  })
})
