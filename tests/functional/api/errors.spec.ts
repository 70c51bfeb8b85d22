import { test } from '@japa/runner'
import { signIdentityToken } from '#tests/support/identity_server'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, makeUser, PASSWORD, resetState, tokenFor } from '#tests/support/helpers'
import { createDeck, signIn } from '#tests/support/content'

/*
 * The error body a client built from the spec meets: every 422 carries
 * errors [{field, rule, message}] (business rules too, not only the
 * validator's), and 401 means only "your session token is gone" (the apps
 * sign the user out on any 401). Bodies as the spec's call tables write them.
 */
test.group('API errors: 422 always names its field', (group) => {
  group.each.setup(() => resetState())

  test("a deck of one's own cannot be reported: 422 E_NOT_REPORTABLE with errors", async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Mine' })
    const response = await client
      .post(`/api/decks/${deck.id}/report`)
      .bearerToken(token)
      .json({ report_text: 'Spam' })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_NOT_REPORTABLE')
    assert.deepEqual(response.body().errors, [
      { field: 'id', rule: 'E_NOT_REPORTABLE', message: response.body().title },
    ])
  })

  test('algorithm settings of a subdeck: 422 E_ALGORITHM_ON_ROOT_ONLY with errors', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const root = await createDeck(client, token, { name: 'Root' })
    const sub = await createDeck(client, token, { name: 'Sub', parent_id: root.id })
    const response = await client.put(`/api/algorithm_settings/${sub.id}`).bearerToken(token).json({
      algorithm_preset: 'custom',
      steps_in_minutes: '1 15',
      easy_bonus_percent: 0,
      interval_modifier_percent: 0,
      max_interval_minutes: 0,
    })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_ALGORITHM_ON_ROOT_ONLY')
    assert.deepEqual(response.body().errors, [
      { field: 'deckId', rule: 'E_ALGORITHM_ON_ROOT_ONLY', message: response.body().title },
    ])
  })

  test('a sign-in without credentials: 422 E_MISSING_CREDENTIALS naming the missing one', async ({
    client,
    assert,
  }) => {
    const none = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email' })
    none.assertStatus(422)
    assertErrorBody(assert, none.body(), 'E_MISSING_CREDENTIALS')
    assert.deepEqual(none.body().errors, [
      { field: 'user.email', rule: 'E_MISSING_CREDENTIALS', message: none.body().title },
    ])

    const noPassword = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email', user: { email: 'ana@example.test' } })
    assert.equal(noPassword.body().errors[0].field, 'user.password')

    const apple = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'apple', user: '001.x', authorization_code: 'c', name: 'Ana' })
    apple.assertStatus(422)
    assert.deepEqual(apple.body().errors, [
      { field: 'identity_token', rule: 'E_MISSING_IDENTITY_TOKEN', message: apple.body().title },
    ])
  })
})

test.group('API errors: 401 is only for the session token', (group) => {
  group.each.setup(() => resetState())

  test('a refused Google or Apple token is 400, never 401, and the signed-in session goes on', async ({
    client,
    assert,
  }) => {
    const user = await makeUser()
    const token = await tokenFor(user)
    const forged = await signIdentityToken('google', { sub: 'g-connect' }, { foreignKey: true })
    /* connecting Google to the signed-in account */
    const connect = await client
      .post('/api/authentication/login_with_provider')
      .bearerToken(token)
      .json({ kind: 'google', id_token: forged })
    connect.assertStatus(400)
    assertErrorBody(assert, connect.body(), 'E_INVALID_IDENTITY_TOKEN')
    ;(await client.get('/api/users/me').bearerToken(token)).assertStatus(200)

    const appleToken = await signIdentityToken('apple', { sub: 'a-connect', expiresIn: '-5m' })
    const apple = await client
      .post('/api/authentication/login_with_provider')
      .bearerToken(token)
      .json({
        kind: 'apple',
        user: 'a-connect',
        authorization_code: 'c',
        identity_token: appleToken,
        name: 'Ana',
      })
    apple.assertStatus(400)
    assertErrorBody(assert, apple.body(), 'E_INVALID_IDENTITY_TOKEN')

    const oneTap = await client.post('/api/auth/google').json({ credential: forged })
    oneTap.assertStatus(400)
    assertErrorBody(assert, oneTap.body(), 'E_INVALID_IDENTITY_TOKEN')
  })

  test('signing in or up while the app still sends an expired token is not a 401', async ({
    client,
    assert,
  }) => {
    /* the spec's clients send the stored token on every call, sign-in included */
    const user = await makeUser({ email: 'ana@example.test' })
    const stale = await tokenFor(user)
    await db.from('auth_access_tokens').update({ expires_at: new Date(Date.now() - 60_000) })
    const signedIn = await client
      .post('/api/authentication/login_with_provider')
      .bearerToken(stale)
      .json({ kind: 'email', user: { email: 'ana@example.test', password: PASSWORD } })
    signedIn.assertStatus(200)
    const google = await client
      .post('/api/auth/google')
      .bearerToken(stale)
      .json({ credential: await signIdentityToken('google', { sub: 'g-stale' }) })
    google.assertStatus(200)
    const signUp = await client
      .post('/api/authentication/register_with_email_and_pass')
      .bearerToken(stale)
      .json({ user: { email: 'new@example.test', password: 'long-enough-1' } })
    signUp.assertStatus(201)
    assert.notEqual(signUp.body().user.id, user.id)
  })

  test('a bad or missing session token is still 401', async ({ client, assert }) => {
    const missing = await client.get('/api/users/me')
    missing.assertStatus(401)
    assertErrorBody(assert, missing.body(), 'E_UNAUTHORIZED')
    ;(await client.get('/api/users/me').bearerToken('mnm_bad.token')).assertStatus(401)
  })
})
