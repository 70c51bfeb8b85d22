import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, makeUser, PASSWORD, resetState, tokenFor } from '#tests/support/helpers'
import { adminSession, auditRows } from './support.js'

test.group('API admin: the admin token', (group) => {
  group.each.setup(() => resetState())

  test('an admin gets a token for e-mail and password, stored hashed, audited; it is no bearer token', async ({
    client,
    assert,
  }) => {
    const { user, adminToken } = await adminSession(client)
    assert.match(adminToken, /^mna_/)
    const row = await db
      .from('auth_access_tokens')
      .where({ tokenable_id: user.id, type: 'admin_token' })
      .first()
    assert.notInclude(row.hash, adminToken.split('.').pop()!)
    assert.isNotNull(row.expires_at)
    const [entry] = await auditRows('admin_token.issued')
    assert.equal(entry.admin_id, user.id)
    assert.isString(entry.ip)
    ;(
      await client
        .get('/api/admin/experiments')
        .header('Admin-Authorization', `Bearer ${adminToken}`)
    ).assertStatus(200)
    ;(
      await client.get('/api/admin/experiments').header('Admin-Authorization', adminToken)
    ).assertStatus(200)
    /* the admin credential does not work as a bearer token, nor the bearer token as the admin credential */
    ;(await client.get('/api/users/me').bearerToken(adminToken)).assertStatus(401)
    const bearer = await tokenFor(user)
    ;(
      await client.get('/api/admin/experiments').header('Admin-Authorization', bearer)
    ).assertStatus(403)
  })

  test('a wrong password and a non-admin get the same 400; nothing is issued or audited', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser()
    admin.isAdmin = true
    await admin.save()
    const wrong = await client
      .post('/api/admin/token')
      .json({ email: admin.email, password: 'not-the-password' })
    wrong.assertStatus(400)
    assertErrorBody(assert, wrong.body(), 'E_INVALID_CREDENTIALS')
    const learner = await makeUser()
    const refused = await client
      .post('/api/admin/token')
      .json({ email: learner.email, password: PASSWORD })
    refused.assertStatus(400)
    assertErrorBody(assert, refused.body(), 'E_INVALID_CREDENTIALS')
    ;(await client.post('/api/admin/token').json({ email: 42 })).assertStatus(422)
    assert.lengthOf(await db.from('auth_access_tokens').where('type', 'admin_token'), 0)
    assert.lengthOf(await auditRows(), 0)
  })

  test(
    'the admin token is throttled as sign-in: after 5 wrong passwords the right one gets 429 with ' +
      'Retry-After',
    async ({ client, assert }) => {
      const admin = await makeUser()
      admin.isAdmin = true
      await admin.save()
      const attempt = (password: string) =>
        client.post('/api/admin/token').json({ email: admin.email, password })
      for (let i = 0; i < 5; i++) (await attempt('not-the-password')).assertStatus(400)
      const blocked = await attempt(PASSWORD)
      blocked.assertStatus(429)
      assertErrorBody(assert, blocked.body(), 'E_TOO_MANY_REQUESTS')
      assert.isAbove(Number(blocked.header('retry-after')), 0)
      assert.lengthOf(await db.from('auth_access_tokens').where('type', 'admin_token'), 0)
    }
  )

  test('every admin call refuses a missing, bad or expired token and a revoked admin with 403', async ({
    client,
    assert,
  }) => {
    const { user, adminToken } = await adminSession(client)
    const calls = [
      () => client.get('/api/admin/masquerade').qs({ user_id: user.id }),
      () => client.get('/api/admin/experiments'),
      () => client.put('/api/admin/update_self').json({ user: { experiments: {} } }),
      () => client.put(`/api/admin/users/${user.id}/premium`).json({ premium: true }),
    ]
    for (const call of calls) {
      const missing = await call()
      missing.assertStatus(403)
      assertErrorBody(assert, missing.body(), 'E_ADMIN_TOKEN_INVALID')
      ;(await call().header('Admin-Authorization', 'mna_garbage.value')).assertStatus(403)
      ;(await call().header('Admin-Authorization', `${adminToken}x`)).assertStatus(403)
    }
    await db
      .from('auth_access_tokens')
      .where('type', 'admin_token')
      .update({ expires_at: new Date(Date.now() - 1000) })
    ;(
      await client.get('/api/admin/experiments').header('Admin-Authorization', adminToken)
    ).assertStatus(403)
    await db
      .from('auth_access_tokens')
      .where('type', 'admin_token')
      .update({ expires_at: new Date(Date.now() + 3_600_000) })
    ;(
      await client.get('/api/admin/experiments').header('Admin-Authorization', adminToken)
    ).assertStatus(200)
    user.isAdmin = false
    await user.save()
    ;(
      await client.get('/api/admin/experiments').header('Admin-Authorization', adminToken)
    ).assertStatus(403)
  })
})

test.group('API admin: masquerade', (group) => {
  group.each.setup(() => resetState())

  test("a one-hour marked token acts as the user; logout revokes only it; the user's tokens stay", async ({
    client,
    assert,
  }) => {
    const { user: admin, adminToken } = await adminSession(client)
    const learner = await makeUser({ name: 'Learner' })
    const own = await tokenFor(learner)
    const answer = await client
      .get('/api/admin/masquerade')
      .qs({ user_id: learner.id })
      .header('Admin-Authorization', adminToken)
    answer.assertStatus(200)
    assert.containsSubset(answer.body(), {
      masquerade: true,
      user: { id: learner.id, email: learner.email },
    })
    const token = answer.body().token as string
    const minutes = (new Date(answer.body().expiresAt).getTime() - Date.now()) / 60_000
    assert.isAbove(minutes, 55)
    assert.isAtMost(minutes, 60)

    const me = await client.get('/api/users/me').bearerToken(token)
    me.assertStatus(200)
    assert.equal(me.body().id, learner.id)
    assert.equal(me.header('x-masquerade'), String(admin.id))
    /* never succeeded into a long-lived token, though it expires within a week */
    assert.isUndefined(me.header('x-user-token'))
    const ownMe = await client.get('/api/users/me').bearerToken(own)
    assert.isUndefined(ownMe.header('x-masquerade'))

    const [entry] = await auditRows('masquerade.started')
    assert.containsSubset(entry, { admin_id: admin.id, target_user_id: learner.id })

    ;(await client.post('/api/authentication/logout').bearerToken(token)).assertStatus(204)
    ;(await client.get('/api/users/me').bearerToken(token)).assertStatus(401)
    ;(await client.get('/api/users/me').bearerToken(own)).assertStatus(200)
  })

  test('an expired masquerade token is refused; unknown users are a 404, bad ids a 422; non-admins a 403', async ({
    client,
    assert,
  }) => {
    const { adminToken } = await adminSession(client)
    const learner = await makeUser()
    const answer = await client
      .get('/api/admin/masquerade')
      .qs({ user_id: learner.id })
      .header('Admin-Authorization', adminToken)
    await db
      .from('auth_access_tokens')
      .where('name', 'like', 'masquerade:%')
      .update({ expires_at: new Date(Date.now() - 1000) })
    ;(await client.get('/api/users/me').bearerToken(answer.body().token)).assertStatus(401)

    const unknown = await client
      .get('/api/admin/masquerade')
      .qs({ user_id: 999999 })
      .header('Admin-Authorization', adminToken)
    unknown.assertStatus(404)
    assertErrorBody(assert, unknown.body(), 'E_NOT_FOUND')
    for (const userId of ['abc', '-1', '1.5', '99999999999999']) {
      ;(
        await client
          .get('/api/admin/masquerade')
          .qs({ user_id: userId })
          .header('Admin-Authorization', adminToken)
      ).assertStatus(422)
    }
    /* a learner's own bearer token in the admin header is no admin credential */
    const other = await tokenFor(await makeUser())
    ;(
      await client
        .get('/api/admin/masquerade')
        .qs({ user_id: learner.id })
        .header('Admin-Authorization', other)
    ).assertStatus(403)
    ;(
      await client.get('/api/admin/masquerade').qs({ user_id: learner.id }).bearerToken(other)
    ).assertStatus(403)
    /* never as an admin, oneself included */
    const otherAdmin = await makeUser()
    otherAdmin.isAdmin = true
    await otherAdmin.save()
    for (const id of [otherAdmin.id, (await auditRows())[0].admin_id]) {
      const refused = await client
        .get('/api/admin/masquerade')
        .qs({ user_id: id })
        .header('Admin-Authorization', adminToken)
      refused.assertStatus(403)
      assertErrorBody(assert, refused.body(), 'E_MASQUERADE_ADMIN')
    }
    assert.lengthOf(await auditRows('masquerade.started'), 1)
  })
})

test.group('API admin: experiments and premium', (group) => {
  group.each.setup(() => resetState())

  test(
    'experiments lists the groups; update_self sets known values only, answers the token and the ' +
      'user, audited',
    async ({ client, assert }) => {
      const { user: admin, adminToken } = await adminSession(client)
      const list = await client
        .get('/api/admin/experiments')
        .header('Admin-Authorization', adminToken)
      list.assertStatus(200)
      assert.deepInclude(list.body().experiments, {
        name: 'paywall_variant',
        groups: ['control', 'trial_first', 'yearly_first'],
      })

      const updated = await client
        .put('/api/admin/update_self')
        .header('Admin-Authorization', adminToken)
        .json({
          user: { experiments: { paywall_variant: 'trial_first', onboarding_flow: 'short' } },
        })
      updated.assertStatus(200)
      assert.equal(updated.body().token, adminToken)
      assert.deepEqual(updated.body().user.experiments, {
        paywall_variant: 'trial_first',
        onboarding_flow: 'short',
      })
      const cleared = await client
        .put('/api/admin/update_self')
        .header('Admin-Authorization', adminToken)
        .json({ user: { experiments: { onboarding_flow: null } } })
      assert.deepEqual(cleared.body().user.experiments, { paywall_variant: 'trial_first' })

      for (const experiments of [
        { nope: 'control' },
        { paywall_variant: 'nope' },
        { paywall_variant: 5 },
        'x',
      ]) {
        const bad = await client
          .put('/api/admin/update_self')
          .header('Admin-Authorization', adminToken)
          .json({ user: { experiments } })
        bad.assertStatus(422)
        assertErrorBody(assert, bad.body(), 'E_VALIDATION_ERROR')
      }
      const stored = await db.from('users').where('id', admin.id).first()
      assert.deepEqual(stored.experiments, { paywall_variant: 'trial_first' })
      assert.lengthOf(await auditRows('experiments.updated'), 2)
    }
  )

  test('the premium override turns premium on and off, and null clears it; users/me shows the effective value', async ({
    client,
    assert,
  }) => {
    const { user: admin, adminToken } = await adminSession(client)
    const learner = await makeUser()
    const own = await tokenFor(learner)
    const set = (premium: unknown) =>
      client
        .put(`/api/admin/users/${learner.id}/premium`)
        .header('Admin-Authorization', adminToken)
        .json({ premium })
    const premiumOf = async () =>
      (await client.get('/api/users/me').bearerToken(own)).body().isPremium

    assert.isFalse(await premiumOf())
    const on = await set(true)
    on.assertStatus(200)
    assert.deepEqual(on.body(), {
      userId: learner.id,
      isPremium: true,
      subscriptionPremium: false,
      premiumOverride: true,
    })
    assert.isTrue(await premiumOf())
    await db.from('users').where('id', learner.id).update({ is_premium: true })
    ;(await set(false)).assertStatus(200)
    assert.isFalse(await premiumOf())
    const clear = await set(null)
    assert.deepEqual(clear.body(), {
      userId: learner.id,
      isPremium: true,
      subscriptionPremium: true,
      premiumOverride: null,
    })
    assert.isTrue(await premiumOf())

    ;(await set('yes')).assertStatus(422)
    ;(
      await client
        .put(`/api/admin/users/${learner.id}/premium`)
        .header('Admin-Authorization', adminToken)
        .json({})
    ).assertStatus(422)
    ;(
      await client
        .put('/api/admin/users/999999/premium')
        .header('Admin-Authorization', adminToken)
        .json({ premium: true })
    ).assertStatus(404)
    ;(
      await client
        .put('/api/admin/users/abc/premium')
        .header('Admin-Authorization', adminToken)
        .json({ premium: true })
    ).assertStatus(404)
    ;(
      await client
        .put(`/api/admin/users/${learner.id}/premium`)
        .header('Admin-Authorization', own)
        .json({ premium: true })
    ).assertStatus(403)
    const rows = await auditRows('premium.override')
    assert.deepEqual(
      rows.map((row) => row.details),
      [
        { before: null, after: true },
        { before: true, after: false },
        { before: false, after: null },
      ]
    )
    assert.isTrue(
      rows.every((row) => row.admin_id === admin.id && row.target_user_id === learner.id)
    )
  })
})

test.group('API admin: malformed input', (group) => {
  group.each.setup(() => resetState())

  test("an admin's malformed calls are 4xx, never 5xx, and change nothing", async ({
    client,
    assert,
  }) => {
    const { user: admin, adminToken } = await adminSession(client)
    const learner = await makeUser()
    const bodies: unknown[] = [
      [],
      'x',
      42,
      null,
      { user: null },
      { user: [] },
      { user: { experiments: [] } },
      { user: { experiments: { paywall_variant: ['a'] } } },
      { premium: 'true' },
      { premium: 1 },
      { premium: [] },
      { premium: {} },
    ]
    for (const body of bodies) {
      for (const call of [
        client.put('/api/admin/update_self'),
        client.put(`/api/admin/users/${learner.id}/premium`),
        client.put('/api/admin/users/0/premium'),
        client.put('/api/admin/users/99999999999999999999/premium'),
      ]) {
        const response = await call.header('Admin-Authorization', adminToken).json(body as any)
        assert.isBelow(response.status(), 500, JSON.stringify(body))
        assert.isAtLeast(response.status(), 400, JSON.stringify(body))
      }
      const token = await client.post('/api/admin/token').json(body as any)
      assert.oneOf(token.status(), [400, 422], JSON.stringify(body))
    }
    for (const userId of ['', ' ', '1e3', '0x10', 'null', '[]']) {
      const response = await client
        .get('/api/admin/masquerade')
        .qs({ user_id: userId })
        .header('Admin-Authorization', adminToken)
      assert.oneOf(response.status(), [404, 422], userId)
    }
    for (const header of [
      'Bearer',
      'Bearer ',
      'mna_',
      'mna_.',
      `Bearer ${'x'.repeat(5000)}`,
      'mna_\u00ff.\u00ff',
    ]) {
      ;(
        await client.get('/api/admin/experiments').header('Admin-Authorization', header)
      ).assertStatus(403)
    }
    const stored = await db.from('users').whereIn('id', [admin.id, learner.id]).orderBy('id')
    assert.deepEqual(
      stored.map((row) => [row.experiments, row.premium_override]),
      [
        [{}, null],
        [{}, null],
      ]
    )
    assert.lengthOf(await auditRows('premium.override'), 0)
    assert.lengthOf(await auditRows('experiments.updated'), 0)
  })
})
