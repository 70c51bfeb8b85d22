import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, makeUser, resetState, tokenFor } from '#tests/support/helpers'

test.group('API tokens', (group) => {
  group.each.setup(() => resetState())

  test('tokens/validate answers valid for a good token and 401 otherwise', async ({
    client,
    assert,
  }) => {
    const token = await tokenFor(await makeUser())
    ;(await client.post('/api/tokens/validate').bearerToken(token)).assertStatus(200)

    for (const bad of [null, 'mnm_nonsense', `${token}x`]) {
      const request = client.post('/api/tokens/validate')
      const response = await (bad ? request.bearerToken(bad) : request)
      response.assertStatus(401)
      assertErrorBody(assert, response.body(), 'E_UNAUTHORIZED')
    }
  })

  test('tokens are stored hashed, never in clear', async ({ assert }) => {
    const token = await tokenFor(await makeUser())
    const rows = await db.from('auth_access_tokens').select('hash')
    assert.lengthOf(rows, 1)
    assert.notInclude(token, rows[0].hash)
    assert.notInclude(rows[0].hash, token.split('.').pop()!)
  })

  test('an expired token is refused', async ({ client }) => {
    const token = await tokenFor(await makeUser())
    await db
      .from('auth_access_tokens')
      .update({ expires_at: DateTime.now().minus({ minutes: 1 }).toJSDate() })
    ;(await client.post('/api/tokens/validate').bearerToken(token)).assertStatus(401)
  })

  test('a token close to expiry comes back refreshed in x-user-token', async ({
    client,
    assert,
  }) => {
    const token = await tokenFor(await makeUser())
    const fresh = await client.get('/api/users/me').bearerToken(token)
    assert.isUndefined(fresh.header('x-user-token'))

    await db
      .from('auth_access_tokens')
      .update({ expires_at: DateTime.now().plus({ days: 2 }).toJSDate() })
    const response = await client.get('/api/users/me').bearerToken(token)
    response.assertStatus(200)
    const refreshed = response.header('x-user-token') as string
    assert.match(refreshed, /^mnm_/)
    ;(await client.post('/api/tokens/validate').bearerToken(refreshed)).assertStatus(200)
  })

  test('logout revokes the token in use and only that one', async ({ client }) => {
    const user = await makeUser()
    const phone = await tokenFor(user)
    const tablet = await tokenFor(user)
    ;(await client.post('/api/authentication/logout').bearerToken(phone)).assertStatus(204)
    ;(await client.post('/api/tokens/validate').bearerToken(phone)).assertStatus(401)
    ;(await client.post('/api/tokens/validate').bearerToken(tablet)).assertStatus(200)
  })

  test('an unknown /api path is a JSON 404, not a page', async ({ client, assert }) => {
    const response = await client.get('/api/nothing/here')
    response.assertStatus(404)
    assertErrorBody(assert, response.body(), 'E_NOT_FOUND')
  })
})
