import { test } from '@japa/runner'
import SocialAccount from '#models/social_account'
import { signIdentityToken } from '#tests/support/identity_server'
import { assertErrorBody, makeUser, resetState, tokenFor } from '#tests/support/helpers'

async function socialUser(client: any) {
  const idToken = await signIdentityToken('google', { sub: 'g-only', email: 'g@gmail.test' })
  const response = await client
    .post('/api/authentication/login_with_provider')
    .json({ kind: 'google', id_token: idToken })
  return response.body().token as string
}

test.group('API auth providers', (group) => {
  group.each.setup(() => resetState())

  test('lists the connected providers', async ({ client, assert }) => {
    const token = await socialUser(client)
    const response = await client.get('/api/auth_providers').bearerToken(token)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      providers: [{ provider: 'google', email: 'g@gmail.test' }],
    })
    ;(await client.get('/api/auth_providers')).assertStatus(401)
  })

  test('refuses to disconnect the last way to sign in', async ({ client, assert }) => {
    const token = await socialUser(client)
    const response = await client.delete('/api/auth_providers/google').bearerToken(token)
    response.assertStatus(409)
    assertErrorBody(assert, response.body(), 'E_LAST_SIGN_IN_METHOD')
    assert.equal(
      await SocialAccount.query()
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      1
    )
  })

  test('disconnects when a password remains', async ({ client, assert }) => {
    const user = await makeUser()
    const token = await tokenFor(user)
    const idToken = await signIdentityToken('apple', { sub: 'a-1' })
    await client
      .post('/api/authentication/login_with_provider')
      .bearerToken(token)
      .json({ kind: 'apple', identity_token: idToken })
    const response = await client.delete('/api/auth_providers/apple').bearerToken(token)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { providers: [] })
  })

  test("a provider that is not connected, or unknown, is 404; another user's is untouched", async ({
    client,
    assert,
  }) => {
    await socialUser(client)
    const other = await makeUser()
    const token = await tokenFor(other)
    const google = await client.delete('/api/auth_providers/google').bearerToken(token)
    google.assertStatus(404)
    assertErrorBody(assert, google.body(), 'E_NOT_FOUND')
    ;(await client.delete('/api/auth_providers/facebook').bearerToken(token)).assertStatus(404)
    assert.equal(
      await SocialAccount.query()
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      1
    )
  })
})
