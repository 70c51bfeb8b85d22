import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'
import redis from '@adonisjs/redis/services/main'
import { redisUrl } from '#config/redis'

const pageOf = async (web: WebSession, path: string) => {
  const response = await web.get(path)
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`)
  return { page: WebSession.page(response.text), html: response.text }
}

/** Moves every stored masquerade's start to the epoch (sessions live in Redis, or PostgreSQL without it). */
async function backdateMasquerades() {
  const backdate = (text: string) => text.replace(/"startedAt":\d+/g, '"startedAt":0')
  if (!redisUrl) {
    const rows = await db.from('sessions').select('id', 'data')
    for (const row of rows)
      await db
        .from('sessions')
        .where('id', row.id)
        .update({ data: backdate(String(row.data)) })
    return rows.filter((row) => String(row.data).includes('startedAt')).length
  }
  const connection = redis.connection('main')
  let changed = 0
  for (const key of await connection.keys('*')) {
    if ((await connection.type(key)) !== 'string') continue
    const value = await connection.get(key)
    if (!value?.includes('startedAt')) continue
    const ttl = await connection.pttl(key)
    await connection.set(key, backdate(value), 'PX', ttl > 0 ? ttl : 60_000)
    changed++
  }
  return changed
}

async function signedInAdmin(email = 'admin@example.test') {
  const session = await signedIn(email)
  await db.from('users').where('id', session.user.id).update({ is_admin: true })
  return session
}

test.group('Web: the admin area', (group) => {
  group.each.setup(() => resetState())

  test('every admin page and action is a 404 for a learner, and sends a visitor to sign in', async ({
    assert,
  }) => {
    const { web } = await signedIn('learner@example.test')
    const target = await makeUser()
    for (const path of ['/admin', '/admin/users', '/admin/audit', `/admin/users/${target.id}`]) {
      assert.equal((await web.get(path)).status, 404, path)
      assert.equal((await new WebSession().get(path)).status, 302, path)
    }
    assert.equal(
      (await web.post(`/admin/users/${target.id}/premium`, { premium: true })).status,
      404
    )
    assert.equal((await web.post(`/admin/users/${target.id}/masquerade`)).status, 404)
    assert.equal((await web.post('/admin/debug_menu', { debug_menu: 'full' })).status, 404)
    assert.equal(
      (
        await web.post('/admin/experiments', {
          user: { experiments: { onboarding_flow: 'short' } },
        })
      ).status,
      404
    )
    /* no masquerade in this session: stopping is a no-op back home */
    const stop = await web.post('/admin/masquerade/stop')
    assert.equal(stop.location, '/')
    const stored = await db.from('users').where('id', target.id).first()
    assert.isNull(stored.premium_override)
    assert.lengthOf(await db.from('admin_audit_logs'), 0)
  })

  test('an admin finds users by e-mail, name or username, page by page; links to flags and moderation', async ({
    assert,
  }) => {
    const { web } = await signedInAdmin()
    const home = await pageOf(web, '/admin')
    assert.include(home.html, 'href="/admin/flags"')
    assert.include(home.html, 'href="/moderation"')
    assert.include(home.html, 'href="/admin/audit"')
    assert.isTrue(home.page.props.admin.isAdmin)
    await makeUser({ email: 'zed@example.test', name: 'Zed Zebra', username: 'zzz' })
    for (let i = 0; i < 26; i++) await makeUser({ email: `bulk${i}@example.test`, name: 'Bulk' })
    for (const q of ['ZED@example', 'zebra', 'zzz']) {
      const found = (await pageOf(web, `/admin/users?q=${q}`)).page.props
      assert.deepEqual(
        found.users.map((user: any) => user.email),
        ['zed@example.test'],
        q
      )
    }
    const first = (await pageOf(web, '/admin/users?q=bulk')).page.props
    assert.equal(first.total, 26)
    assert.lengthOf(first.users, 25)
    assert.isTrue(first.hasMore)
    const second = (await pageOf(web, '/admin/users?q=bulk&page=2')).page.props
    assert.lengthOf(second.users, 1)
    assert.isFalse(second.hasMore)
    const ids = [...first.users, ...second.users].map((user: any) => user.id)
    assert.lengthOf(new Set(ids), 26)
    assert.equal((await web.get('/admin/users?page=abc')).status, 302)
    assert.equal((await web.get('/admin/users/999999')).status, 404)
  })

  test('an admin overrides premium from the user page and sets the debug menu; both are audited, newest first', async ({
    assert,
  }) => {
    const { web, user: admin } = await signedInAdmin()
    const learner = await makeUser({ email: 'learner@example.test' })
    await pageOf(web, `/admin/users/${learner.id}`)
    assert.equal(
      (await web.post(`/admin/users/${learner.id}/premium`, { premium: true })).status,
      302
    )
    const after = (await pageOf(web, `/admin/users/${learner.id}`)).page.props.user
    assert.containsSubset(after, {
      isPremium: true,
      premiumOverride: true,
      subscriptionPremium: false,
    })
    assert.equal(
      (await web.post(`/admin/users/${learner.id}/premium`, { premium: null })).status,
      302
    )
    assert.isNull((await db.from('users').where('id', learner.id).first()).premium_override)

    assert.isNull((await pageOf(web, '/admin')).page.props.admin.debug)
    assert.equal((await web.post('/admin/debug_menu', { debug_menu: 'full' })).status, 302)
    const full = (await pageOf(web, '/admin')).page.props.admin.debug
    assert.containsSubset(full, { level: 'full', userId: admin.id })
    assert.isString(full.requestId)
    await web.post('/admin/debug_menu', { debug_menu: 'limited' })
    const limited = (await pageOf(web, '/admin')).page.props.admin.debug
    assert.containsSubset(limited, {
      level: 'limited',
      userId: admin.id,
      requestId: null,
      experiments: null,
    })
    await web.post('/admin/debug_menu', { debug_menu: 'everything' })
    assert.equal((await db.from('users').where('id', admin.id).first()).debug_menu, 'limited')

    const home = (await pageOf(web, '/admin')).page.props
    assert.deepInclude(home.experiments, {
      name: 'onboarding_flow',
      groups: ['control', 'short', 'goal_first'],
    })
    assert.equal(
      (
        await web.post('/admin/experiments', {
          user: { experiments: { onboarding_flow: 'short' } },
        })
      ).status,
      302
    )
    assert.deepEqual((await pageOf(web, '/admin')).page.props.ownExperiments, {
      onboarding_flow: 'short',
    })
    await web.post('/admin/experiments', { user: { experiments: { onboarding_flow: 'long' } } })
    assert.deepEqual((await db.from('users').where('id', admin.id).first()).experiments, {
      onboarding_flow: 'short',
    })

    const log = (await pageOf(web, '/admin/audit')).page.props.entries
    assert.deepEqual(
      log.map((entry: any) => entry.action),
      [
        'experiments.updated',
        'debug_menu.updated',
        'debug_menu.updated',
        'premium.override',
        'premium.override',
      ]
    )
    assert.equal(log[3].targetUserId, learner.id)
    assert.equal(log[3].adminEmail, 'admin@example.test')
  })

  test(
    "masquerade signs the admin's browser in as the user with a banner; stop returns to the admin; the " +
      "user's session stays",
    async ({ assert }) => {
      const { web, user: admin } = await signedInAdmin()
      const { web: own, user: learner } = await signedIn('learner@example.test')
      const started = await web.post(`/admin/users/${learner.id}/masquerade`)
      assert.equal(started.status, 302)
      assert.equal(started.location, '/')

      const home = await pageOf(web, '/')
      assert.equal(home.page.props.user.id, learner.id)
      assert.containsSubset(home.page.props.admin.masquerade, {
        adminId: admin.id,
        userId: learner.id,
        userLabel: 'learner@example.test',
      })
      assert.include(home.html, 'You are masquerading as learner@example.test.')
      /* the admin's pages are not the learner's */
      assert.equal((await web.get('/admin')).status, 404)
      assert.isFalse(home.page.props.admin.isAdmin)
      /* the learner's own session is untouched and shows no banner */
      const theirs = await pageOf(own, '/')
      assert.equal(theirs.page.props.user.id, learner.id)
      assert.isNull(theirs.page.props.admin.masquerade)

      const stopped = await web.post('/admin/masquerade/stop')
      assert.equal(stopped.location, `/admin/users/${learner.id}`)
      const back = await pageOf(web, `/admin/users/${learner.id}`)
      assert.equal(back.page.props.user.id, learner.id)
      assert.isNull(back.page.props.admin.masquerade)
      assert.equal((await pageOf(web, '/')).page.props.user.id, admin.id)
      assert.equal((await pageOf(own, '/')).page.props.user.id, learner.id)
      const rows = await db.from('admin_audit_logs').orderBy('id')
      assert.deepEqual(
        rows.map((row) => [row.action, row.admin_id, row.target_user_id, row.details.door]),
        [
          ['masquerade.started', admin.id, learner.id, 'web'],
          ['masquerade.stopped', admin.id, learner.id, 'web'],
        ]
      )
    }
  )

  test('stopping a masquerade after the admin lost the role signs the browser out', async ({
    assert,
  }) => {
    const { web } = await signedInAdmin()
    const learner = await makeUser()
    await web.post(`/admin/users/${learner.id}/masquerade`)
    await db.from('users').where('email', 'admin@example.test').update({ is_admin: false })
    /* (checked below: the role is gone, so the way back signs out) */
    const stopped = await web.post('/admin/masquerade/stop')
    assert.equal(stopped.location, '/sign-in')
    assert.isNull((await pageOf(web, '/sign-in')).page.props.user)
  })
})

test.group('Web: masquerading refused', (group) => {
  group.each.setup(() => resetState())

  test('an admin cannot masquerade as another admin from the page', async ({ assert }) => {
    const { web, user: admin } = await signedInAdmin()
    const { user: other } = await signedInAdmin('other-admin@example.test')
    await pageOf(web, `/admin/users/${other.id}`)
    const refused = await web.post(`/admin/users/${other.id}/masquerade`)
    assert.equal(refused.status, 302)
    assert.match(refused.location ?? '', new RegExp(`/admin/users/${other.id}$`))
    const page = await pageOf(web, `/admin/users/${other.id}`)
    assert.equal(page.page.props.admin.masquerade, null)
    assert.include(page.page.props.flash.error ?? '', 'Admins cannot masquerade')
    assert.equal((await pageOf(web, '/admin')).page.props.admin.debug, null)
    assert.equal((await pageOf(web, '/')).page.props.user.id, admin.id)
    assert.lengthOf(await db.from('admin_audit_logs'), 0)
  })
})

test.group('Web: the masquerade session ends', (group) => {
  group.each.setup(() => resetState())

  test('after an hour the masqueraded browser is signed out, not left signed in as the user', async ({
    assert,
  }) => {
    const { web } = await signedInAdmin()
    const learner = await makeUser()
    await web.post(`/admin/users/${learner.id}/masquerade`)
    assert.equal((await pageOf(web, '/')).page.props.user.id, learner.id)
    /* the session's record of the start, moved back past the hour, in whichever store holds sessions */
    assert.isAbove(await backdateMasquerades(), 0)
    const after = await pageOf(web, '/')
    assert.isNull(after.page.props.user)
    assert.isNull(after.page.props.admin.masquerade)
  })
})
