import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, makeUser, tokenFor } from '#tests/support/helpers'
import {
  expireFlagCache,
  flagCacheStats,
  freshFlags,
  remoteFlag,
  setFlagCheckInterval,
} from '#services/remote_flags'
import { FLAG_DEFAULTS } from '#services/remote_flag_defaults'
import { flagFromElsewhere, resetFlags } from './support.js'

test.group('API remote flags', (group) => {
  group.each.setup(() => resetFlags())
  group.teardown(() => resetFlags())

  test("GET remote_flags gives the spec's defaults without signing in", async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/remote_flags')
    response.assertStatus(200)
    const flags = response.body().flags
    assert.include(flags, {
      cards_to_paywall: 100,
      guest_cards_created: 200,
      guest_cards_studied: 500,
      min_publish_cards: 20,
      min_app_version: '1.5.2',
      ai_speech: true,
      onboarding_rate_us: true,
      onboarding_v3: true,
      maintenance: false,
      maintenance_started_at: null,
      server_message: null,
    })
    assert.deepEqual(Object.keys(flags).sort(), Object.keys(FLAG_DEFAULTS).sort())
    /* the migration seeds the same values (resetState empties the table, so its rows are not read here) */
    const { SEED } = await import('#database/migrations/0019_remote_flags')
    assert.deepEqual(SEED, { ...FLAG_DEFAULTS })
  })

  test('an admin sets a flag through the API; clients see it at once; a wrong kind is a 422', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser()
    await db.from('users').where('id', admin.id).update({ is_admin: true })
    const token = await tokenFor(admin)
    const set = await client
      .put('/api/remote_flags/cards_to_paywall')
      .bearerToken(token)
      .json({ value: 7 })
    set.assertStatus(200)
    assert.equal(set.body().value, 7)
    assert.equal((await client.get('/api/remote_flags')).body().flags.cards_to_paywall, 7)
    const row = await db.from('remote_flags').where('name', 'cards_to_paywall').first()
    assert.equal(row.value, 7)
    assert.equal(row.updated_by, admin.id)
    /* the change is in the audit log, with what it replaced */
    const logged = await db
      .from('admin_audit_logs')
      .where('admin_id', admin.id)
      .where('action', 'remote_flag.set')
    assert.lengthOf(logged, 1)
    assert.deepEqual(logged[0].details, { name: 'cards_to_paywall', before: null, after: 7 })

    const wrong = await client
      .put('/api/remote_flags/cards_to_paywall')
      .bearerToken(token)
      .json({ value: 'many' })
    wrong.assertStatus(422)
    assertErrorBody(assert, wrong.body(), 'E_INVALID_FLAG')
    const missing = await client
      .put('/api/remote_flags/cards_to_paywall')
      .bearerToken(token)
      .json({})
    missing.assertStatus(422)
    const unknown = await client
      .put('/api/remote_flags/no_such_flag')
      .bearerToken(token)
      .json({ value: 1 })
    unknown.assertStatus(404)
    assert.equal(remoteFlag('cards_to_paywall'), 7)
    /* refused changes leave no line */
    assert.lengthOf(await db.from('admin_audit_logs').where('action', 'remote_flag.set'), 1)
    await client.put('/api/remote_flags/cards_to_paywall').bearerToken(token).json({ value: 9 })
    const second = await db
      .from('admin_audit_logs')
      .where('action', 'remote_flag.set')
      .orderBy('id', 'desc')
      .first()
    assert.deepEqual(second.details, { name: 'cards_to_paywall', before: 7, after: 9 })
  })

  test(
    'banners and the scheduling link are checked by shape: a 422 names the banner and what is wrong; a good ' +
      'value is stored as the clients read it',
    async ({ client, assert }) => {
      const admin = await makeUser()
      await db.from('users').where('id', admin.id).update({ is_admin: true })
      const token = await tokenFor(admin)
      const put = (name: string, value: unknown) =>
        client
          .put(`/api/remote_flags/${name}`)
          .bearerToken(token)
          .header('accept-language', 'en')
          .json({ value })
      const refusals: [string, unknown, string][] = [
        ['banners', { id: 'a', text: 'x' }, 'Banners must be a list of banners ([] for none)'],
        ['banners', ['hello'], 'Banner 1 must be an object with an id and a text'],
        [
          'banners',
          [
            { id: 'a', text: 'x' },
            { id: 'a b', text: 'y' },
          ],
          'Banner 2 needs an id: letters, digits, - and _ (64 at most)',
        ],
        [
          'banners',
          [
            { id: 'a', text: 'x' },
            { id: 'a', text: 'y' },
          ],
          'Banner 2 repeats the id "a": each banner needs its own',
        ],
        [
          'banners',
          [{ id: 'a', text: 'x', colour: 'red' }],
          'Banner 1 has an unknown field "colour" (allowed: id, level, text, link, until)',
        ],
        [
          'banners',
          [{ id: 'a', level: 'urgent', text: 'x' }],
          'Banner 1: the level must be info, warning or success',
        ],
        [
          'banners',
          [{ id: 'a', text: { de: 'Hallo' } }],
          'Banner 1 needs a text: a plain text, or one per language (en, de, pt, es, fr) with an English one; 300 ' +
            'characters at most',
        ],
        [
          'banners',
          [{ id: 'a', text: 'x'.repeat(301) }],
          'Banner 1 needs a text: a plain text, or one per language (en, de, pt, es, fr) with an English one; 300 ' +
            'characters at most',
        ],
        [
          'banners',
          [{ id: 'a', text: 'x', link: 'javascript:alert(1)' }],
          'Banner 1: the link must be a path of this site (/…) or an http(s) address',
        ],
        [
          'banners',
          [{ id: 'a', text: 'x', link: '//evil.example' }],
          'Banner 1: the link must be a path of this site (/…) or an http(s) address',
        ],
        [
          'banners',
          [{ id: 'a', text: 'x', until: 'soon' }],
          'Banner 1: "until" must be a date and time (ISO 8601), or left out',
        ],
        [
          'banners',
          Array.from({ length: 11 }, (_, index) => ({ id: `b${index}`, text: 'x' })),
          'At most 10 banners at a time',
        ],
        [
          'scheduling_link',
          'how scheduling works',
          'The flag scheduling_link must be an http(s) address, or empty',
        ],
        [
          'scheduling_link',
          'ftp://example.test/file',
          'The flag scheduling_link must be an http(s) address, or empty',
        ],
        ['scheduling_link', 42, 'The flag scheduling_link must be an http(s) address, or empty'],
      ]
      for (const [name, value, title] of refusals) {
        const response = await put(name, value)
        response.assertStatus(422)
        assertErrorBody(assert, response.body(), 'E_INVALID_FLAG')
        assert.equal(response.body().title, title, JSON.stringify(value).slice(0, 80))
        assert.deepEqual(response.body().errors, [
          { field: name, rule: 'E_INVALID_FLAG', message: title },
        ])
      }
      assert.deepEqual(remoteFlag('banners'), [])

      const stored = await put('banners', [
        {
          id: 'exams',
          level: 'warning',
          text: { en: ' Exam week ', fr: 'Semaine d’examens' },
          link: 'https://mnemo.example/exams',
          until: '2999-01-01T10:00:00+02:00',
        },
        { id: 'hi', text: 'Hello' },
      ])
      stored.assertStatus(200)
      assert.deepEqual(stored.body().value, [
        {
          id: 'exams',
          level: 'warning',
          text: { en: 'Exam week', fr: 'Semaine d’examens' },
          link: 'https://mnemo.example/exams',
          until: '2999-01-01T08:00:00.000Z',
        },
        { id: 'hi', level: 'info', text: 'Hello', link: null, until: null },
      ])
      assert.deepEqual(
        (await client.get('/api/remote_flags')).body().flags.banners,
        stored.body().value
      )
      const link = await put('scheduling_link', ' https://mnemo.example/scheduling ')
      link.assertStatus(200)
      assert.equal(remoteFlag('scheduling_link'), 'https://mnemo.example/scheduling')
      ;(await put('scheduling_link', '')).assertStatus(200)
    }
  )

  test('another user may not set a flag: 404, nothing changes', async ({ client, assert }) => {
    const user = await makeUser()
    const response = await client
      .put('/api/remote_flags/maintenance')
      .bearerToken(await tokenFor(user))
      .json({ value: true })
    response.assertStatus(404)
    assertErrorBody(assert, response.body(), 'E_NOT_FOUND')
    assert.isFalse((await client.get('/api/remote_flags')).body().flags.maintenance)
    const anonymous = await client.put('/api/remote_flags/maintenance').json({ value: true })
    anonymous.assertStatus(401)
  })

  test(
    'a change made by another process reaches this one at its next check; cached reads ask the ' +
      'database nothing',
    async ({ client, assert }) => {
      /* an hour between checks: only expireFlagCache() ends the interval here */
      const interval = setFlagCheckInterval(3_600_000)
      await client.get('/api/remote_flags')
      /* another process's write (resetState emptied the table: the row is inserted) */
      await db.rawQuery(
        `insert into remote_flags (name, value, updated_at) values ('guest_cards_created', '42'::jsonb, ` +
          `clock_timestamp())`
      )
      /* within the interval: the copy answers, no check ran */
      const before = { ...flagCacheStats }
      for (let index = 0; index < 5; index++)
        assert.equal((await client.get('/api/remote_flags')).body().flags.guest_cards_created, 200)
      assert.deepEqual(flagCacheStats, before)
      /* the interval ends: one check sees the new stamp and reloads */
      expireFlagCache()
      assert.equal((await client.get('/api/remote_flags')).body().flags.guest_cards_created, 42)
      assert.equal(flagCacheStats.checks, before.checks + 1)
      assert.equal(flagCacheStats.loads, before.loads + 1)
      /* nothing changed since: the next check does not reload */
      expireFlagCache()
      await freshFlags()
      assert.equal(flagCacheStats.loads, before.loads + 1)
      setFlagCheckInterval(interval)
    }
  )

  test('the publish minimum follows its flag', async ({ assert }) => {
    const publishing = (await import('#config/publishing')).default
    /* .env.test sets no PUBLISH_MIN_CARDS (it would override the flag) */
    assert.equal(publishing.minCards, 20)
    await flagFromElsewhere('min_publish_cards', 3)
    assert.equal(publishing.minCards, 3)
  })
})
