import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import DemoSeeder, { DEMO } from '#database/seeders/demo_seeder'
import { seedCategories } from '#tests/support/library'
import { STARTER_DECKS } from '#database/starter_decks'

test.group('Demo data', (group) => {
  group.each.setup(() => resetState())

  test('the demo account has decks of every kind and six weeks of study the statistics can show', async ({
    assert,
  }) => {
    await new DemoSeeder(db.connection()).run()
    const user = await db.from('users').where('email', DEMO.email).firstOrFail()
    const notes = Number(
      (await db.from('notes').where('user_id', user.id).count('* as n').first()).n
    )
    assert.equal(notes, 8 + 4 + 50)
    const reviews = await db
      .from('review_logs')
      .where('user_id', user.id)
      .select('study_day', 'answer', 'card_id')
    assert.isAbove(reviews.length, 200)
    /* 42 days back, 3 of them skipped */
    const days = await db.from('study_days').where('user_id', user.id)
    assert.lengthOf(days, 39)
    assert.equal(
      days.reduce((sum, day) => sum + day.cards_studied, 0),
      reviews.length
    )
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
    assert.isTrue(
      progress.some((row) => row.state === 'review' && new Date(row.due_at) > new Date())
    )
    /* idempotent: a second start changes nothing */
    await new DemoSeeder(db.connection()).run()
    assert.equal(Number((await db.from('review_logs').count('* as n').first()).n), reviews.length)
  })

  test(
    'the demo library: three decks published and approved through the product, filed under categories, found ' +
      'by a misspelled search',
    async ({ client, assert }) => {
      await seedCategories()
      await new DemoSeeder(db.connection()).run()
      const all = await db
        .from('public_decks as p')
        .join('library_categories as c', 'c.id', 'p.category_id')
        .select('p.name', 'p.status', 'p.cards_count', 'c.key')
      /* the onboarding's starter decks are published beside them (tests/functional/api/onboarding) */
      const starters = new Set(STARTER_DECKS.map((deck) => deck.name))
      assert.lengthOf(all, 3 + STARTER_DECKS.length)
      assert.isTrue(
        all
          .filter((deck) => starters.has(deck.name))
          .every((deck) => deck.status === 'approved' && deck.cards_count >= 20)
      )
      const decks = all.filter((deck) => !starters.has(deck.name))
      assert.lengthOf(decks, 3)
      assert.isTrue(decks.every((deck) => deck.status === 'approved' && deck.cards_count === 20))
      assert.sameMembers(
        decks.map((deck) => deck.key),
        ['spanish', 'chemistry', 'anatomy']
      )
      const found = await client.get('/api/library/search').qs({ query: 'spansh verbs' })
      found.assertStatus(200)
      assert.include(JSON.stringify(found.body()), 'Spanish verbs: the 20 you meet first')
      /* the demo learner moderates; a second start publishes nothing twice */
      assert.isTrue((await db.from('users').where('email', DEMO.email).firstOrFail()).is_admin)
      await new DemoSeeder(db.connection()).run()
      assert.equal(
        Number((await db.from('public_decks').count('* as n').first()).n),
        3 + STARTER_DECKS.length
      )
      assert.equal(
        Number((await db.from('deck_revisions').count('* as n').first()).n),
        3 + STARTER_DECKS.length
      )
    }
  )
})
