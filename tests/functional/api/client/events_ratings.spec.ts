import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'
import { bucketOfHour, hourBucket, localHour } from '#scheduling/hour_bucket'
import { feedbackTypeOfStars } from '#validators/client'

test.group('API events: POST events and GET events/check', (group) => {
  group.each.setup(() => resetState())

  test('an event is shown once per learner: 201 first, 200 after; the check answers for the caller only', async ({
    client,
    assert,
  }) => {
    const ana = await signIn()
    const ben = await signIn()

    const before = await client
      .get('/api/events/check')
      .bearerToken(ana.token)
      .qs({ event_hash: 'streak_popup.v2' })
    before.assertStatus(200)
    assert.deepEqual(before.body(), {
      eventHash: 'streak_popup.v2',
      shown: false,
      timesShown: 0,
      firstShownAt: null,
      hourBucket: null,
    })

    const first = await client
      .post('/api/events')
      .bearerToken(ana.token)
      .json({ event_hash: 'streak_popup.v2' })
    first.assertStatus(201)
    assert.isFalse(first.body().alreadyShown)
    assert.equal(first.body().timesShown, 1)
    assert.include(['night', 'morning', 'afternoon', 'evening'], first.body().hourBucket)

    const again = await client
      .post('/api/events')
      .bearerToken(ana.token)
      .json({ event_hash: 'streak_popup.v2' })
    again.assertStatus(200)
    assert.isTrue(again.body().alreadyShown)
    assert.equal(again.body().timesShown, 2)
    assert.equal(again.body().firstShownAt, first.body().firstShownAt, 'the first showing is kept')

    const check = await client
      .get('/api/events/check')
      .bearerToken(ana.token)
      .qs({ event_hash: 'streak_popup.v2' })
    assert.isTrue(check.body().shown)

    /* another learner: not shown to them, and their showing does not touch Ana's */
    const other = await client
      .get('/api/events/check')
      .bearerToken(ben.token)
      .qs({ event_hash: 'streak_popup.v2' })
    other.assertStatus(200)
    assert.isFalse(other.body().shown)
    const rows = await db.from('user_events').select('user_id')
    assert.deepEqual(
      rows.map((row) => row.user_id),
      [ana.user.id]
    )
  })

  test("the bucket is the hour on the learner's clock (their time-zone offset)", async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    /* whatever the real time, pick the offset that makes it 02:xx, then 14:xx, on the learner's clock */
    const now = new Date()
    const offsetFor = (hour: number) =>
      ((hour - now.getUTCHours() + 24) % 24) * 60 -
      (((hour - now.getUTCHours() + 24) % 24) * 60 > 720 ? 1440 : 0)
    await db
      .from('users')
      .where('id', user.id)
      .update({ timezone_offset: offsetFor(2) })
    const night = await client.post('/api/events').bearerToken(token).json({ event_hash: 'a' })
    await db
      .from('users')
      .where('id', user.id)
      .update({ timezone_offset: offsetFor(14) })
    const afternoon = await client.post('/api/events').bearerToken(token).json({ event_hash: 'b' })
    /*
     * the minute may have rolled into the next hour between the two reads: both stay in their buckets (2 and
     * 3, 14 and 15)
     */
    assert.equal(night.body().hourBucket, 'night')
    assert.equal(afternoon.body().hourBucket, 'afternoon')
  })

  test('the buckets of the spec: night 0-6, morning 6-12, afternoon 12-18, evening otherwise', ({
    assert,
  }) => {
    assert.deepEqual([0, 5, 6, 11, 12, 17, 18, 23].map(bucketOfHour), [
      'night',
      'night',
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ])
    const instant = new Date('2026-03-01T23:30:00Z')
    assert.equal(localHour(instant, 120), 1)
    assert.equal(hourBucket(instant, 120), 'night')
    assert.equal(hourBucket(instant, -300), 'evening')
  })

  test('bad input is a 422 naming event_hash; no token is a 401', async ({ client, assert }) => {
    const { token } = await signIn()
    for (const body of [
      {},
      { event_hash: '' },
      { event_hash: 'x'.repeat(129) },
      { event_hash: 'has space' },
      { event_hash: 12 },
    ]) {
      const response = await client.post('/api/events').bearerToken(token).json(body)
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'event_hash')
    }
    const check = await client.get('/api/events/check').bearerToken(token)
    check.assertStatus(422)
    ;(await client.post('/api/events').json({ event_hash: 'a' })).assertStatus(401)
    ;(await client.get('/api/events/check').qs({ event_hash: 'a' })).assertStatus(401)
    assert.equal(Number((await db.from('user_events').count('* as n').first())!.n), 0)
  })
})

test.group('API app ratings: POST app_ratings.json', (group) => {
  group.each.setup(() => resetState())

  test("the spec's body is stored as given, for the caller, its text as plain text", async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const response = await client.post('/api/app_ratings.json').bearerToken(token).json({
      feedback_type: 'its_okay',
      text: 'Good, <script>alert(1)</script>but <b>slow</b> & buggy',
      prefix: 'onboarding_rate_us',
    })
    response.assertStatus(201)
    assert.equal(response.body().feedbackType, 'its_okay')
    const row = await db.from('app_ratings').where('id', response.body().id).first()
    assert.equal(row.user_id, user.id)
    assert.equal(row.text, 'Good, but slow & buggy')
    assert.equal(row.prefix, 'onboarding_rate_us')

    /* text and prefix may be left out */
    ;(
      await client
        .post('/api/app_ratings.json')
        .bearerToken(token)
        .json({ feedback_type: 'love_it' })
    ).assertStatus(201)
    assert.equal(
      Number((await db.from('app_ratings').where('user_id', user.id).count('* as n').first())!.n),
      2
    )
  })

  test('an unknown feedback type, an overlong text or no token change nothing', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const bad = await client
      .post('/api/app_ratings.json')
      .bearerToken(token)
      .json({ feedback_type: 'meh', text: 'x' })
    bad.assertStatus(422)
    assertErrorBody(assert, bad.body(), 'E_VALIDATION_ERROR')
    assert.equal(bad.body().errors[0].field, 'feedback_type')
    ;(
      await client
        .post('/api/app_ratings.json')
        .bearerToken(token)
        .json({ feedback_type: 'a_lot', text: 'x'.repeat(2001) })
    ).assertStatus(422)
    ;(await client.post('/api/app_ratings.json').json({ feedback_type: 'a_lot' })).assertStatus(401)
    assert.equal(Number((await db.from('app_ratings').count('* as n').first())!.n), 0)
  })

  test('the star mapping: 2 or fewer not_at_all, 3 its_okay, 4 a_lot, 5 love_it', ({ assert }) => {
    assert.deepEqual([1, 2, 3, 4, 5].map(feedbackTypeOfStars), [
      'not_at_all',
      'not_at_all',
      'its_okay',
      'a_lot',
      'love_it',
    ])
  })
})
