import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, makeUser, tokenFor } from '#tests/support/helpers'
import { flagFromElsewhere, resetFlags } from './support.js'

test.group('API maintenance, app versions and the server message', (group) => {
  group.each.setup(() => resetFlags())
  group.teardown(() => resetFlags())

  test('maintenance refuses users created before it started (503 E_MAINTENANCE) and lets newer ones through', async ({
    client,
    assert,
  }) => {
    const old = await makeUser()
    await db
      .from('users')
      .where('id', old.id)
      .update({ created_at: new Date(Date.now() - 86_400_000) })
    const fresh = await makeUser()
    const oldToken = await tokenFor(old)
    const freshToken = await tokenFor(fresh)
    ;(await client.get('/api/decks').bearerToken(oldToken)).assertStatus(200)

    await flagFromElsewhere(
      'maintenance_started_at',
      new Date(Date.now() - 3_600_000).toISOString()
    )
    /* the timestamp alone does nothing */
    ;(await client.get('/api/decks').bearerToken(oldToken)).assertStatus(200)
    await flagFromElsewhere('maintenance', true)
    const refused = await client.get('/api/decks').bearerToken(oldToken)
    refused.assertStatus(503)
    assertErrorBody(assert, refused.body(), 'E_MAINTENANCE')
    assert.isString(refused.body().body)
    ;(await client.get('/api/decks').bearerToken(freshToken)).assertStatus(200)
    /* the flags stay readable, so the apps learn why */
    ;(await client.get('/api/remote_flags')).assertStatus(200)

    await flagFromElsewhere('maintenance', false)
    ;(await client.get('/api/decks').bearerToken(oldToken)).assertStatus(200)
  })

  test('admins pass the maintenance gate, so an admin can turn it off again through the API', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser()
    const learner = await makeUser()
    await db.from('users').where('id', admin.id).update({ is_admin: true })
    const adminToken = await tokenFor(admin)
    const learnerToken = await tokenFor(learner)
    await flagFromElsewhere('maintenance', true)
    ;(await client.get('/api/decks').bearerToken(learnerToken)).assertStatus(503)
    ;(await client.get('/api/decks').bearerToken(adminToken)).assertStatus(200)

    const off = await client
      .put('/api/remote_flags/maintenance')
      .bearerToken(adminToken)
      .json({ value: false })
    off.assertStatus(200)
    assert.isFalse(off.body().value)
    ;(await client.get('/api/decks').bearerToken(learnerToken)).assertStatus(200)
  })

  test(
    'an app older than min_app_version gets 426 E_APP_UPDATE_REQUIRED; newer, equal and header-less ' +
      'requests pass',
    async ({ client, assert }) => {
      const token = await tokenFor(await makeUser())
      const old = await client.get('/api/decks').bearerToken(token).header('x-app-version', '1.5.1')
      old.assertStatus(426)
      assertErrorBody(assert, old.body(), 'E_APP_UPDATE_REQUIRED')
      assert.include(old.body().body, '1.5.2')
      ;(
        await client.get('/api/decks').bearerToken(token).header('x-app-version', '1.5.2')
      ).assertStatus(200)
      ;(
        await client.get('/api/decks').bearerToken(token).header('x-app-version', '1.10.0')
      ).assertStatus(200)
      ;(await client.get('/api/decks').bearerToken(token)).assertStatus(200)
      /* the flags answer an old app, so it can tell the user which version to get */
      ;(await client.get('/api/remote_flags').header('x-app-version', '1.0.0')).assertStatus(200)
      /* anonymous calls too: the version is checked before anything else */
      ;(
        await client
          .post('/api/authentication/register_without_email')
          .header('x-app-version', '1.0')
          .json({})
      ).assertStatus(426)

      await flagFromElsewhere('min_app_version', '1.4.0')
      ;(
        await client.get('/api/decks').bearerToken(token).header('x-app-version', '1.5.1')
      ).assertStatus(200)
    }
  )

  test('the server message rides in x-server-message (base64 JSON) while it is set', async ({
    client,
    assert,
  }) => {
    const token = await tokenFor(await makeUser())
    assert.isUndefined(
      (await client.get('/api/decks').bearerToken(token)).header('x-server-message')
    )
    await flagFromElsewhere('server_message', {
      title: 'Heads up',
      body: 'Grüße: we upgrade tonight',
    })
    const response = await client.get('/api/decks').bearerToken(token)
    response.assertStatus(200)
    const decoded = JSON.parse(
      Buffer.from(String(response.header('x-server-message')), 'base64').toString('utf8')
    )
    assert.deepEqual(decoded, { title: 'Heads up', body: 'Grüße: we upgrade tonight' })
    /* errors carry it too */
    assert.isString(
      (await client.get('/api/decks/999999').bearerToken(token)).header('x-server-message')
    )
    await flagFromElsewhere('server_message', null)
    assert.isUndefined(
      (await client.get('/api/decks').bearerToken(token)).header('x-server-message')
    )
  })
})
