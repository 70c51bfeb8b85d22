import { test } from '@japa/runner'
import User from '#models/user'
import { assertErrorBody, makeUser, resetState, tokenFor } from '#tests/support/helpers'

test.group('API registration', (group) => {
  group.each.setup(() => resetState())

  test('a guest gets a token and a guest account with the spec defaults', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/authentication/register_without_email')
      .json({ experiments: { paywall: 'b' } })
    response.assertStatus(201)
    assert.isString(response.body().token)
    assert.isTrue(response.body().isNewUser)

    const me = await client.get('/api/users/me').bearerToken(response.body().token)
    me.assertStatus(200)
    assert.equal(me.body().provider, 'guest')
    assert.isFalse(me.body().authorized)
    assert.deepEqual(me.body().experiments, { paywall: 'b' })
    assert.deepEqual(me.body().freeTier, {
      aiGenWithPrompt: 5,
      aiGenWithPdf: 20,
      aiGenCardBuilder: 5,
    })
    assert.equal(me.body().streak.currentDuration, 0)
    assert.match(me.body().createdAt, /^\d{4}-\d{2}-\d{2}T/)
  })

  test('guest experiments must be a map of names to groups', async ({ client, assert }) => {
    const response = await client
      .post('/api/authentication/register_without_email')
      .json({ experiments: ['a', 'b'] })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
    assert.equal(response.body().errors[0].field, 'experiments')
  })

  test('registering with e-mail and password answers token and isNewUser', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/authentication/register_with_email_and_pass')
      .json({ user: { email: 'Ana@Example.test', password: 'long-enough-1' } })
    response.assertStatus(201)
    assert.isTrue(response.body().isNewUser)
    assert.match(response.body().token, /^mnm_/)
    const user = await User.findByOrFail('email', 'ana@example.test')
    assert.equal(user.provider, 'email')
    assert.notEqual(user.password, 'long-enough-1')
  })

  test('a guest who signs up keeps the same account (upgraded in place)', async ({
    client,
    assert,
  }) => {
    const guest = await client.post('/api/authentication/register_without_email').json({})
    const guestId = (await client.get('/api/users/me').bearerToken(guest.body().token)).body().id

    const upgraded = await client
      .post('/api/authentication/register_with_email_and_pass')
      .bearerToken(guest.body().token)
      .json({ user: { email: 'guest@example.test', password: 'long-enough-1' } })
    upgraded.assertStatus(201)
    const me = await client.get('/api/users/me').bearerToken(upgraded.body().token)
    assert.equal(me.body().id, guestId)
    assert.equal(me.body().provider, 'email')
    assert.equal(
      await User.query()
        .count('* as total')
        .first()
        .then((row) => Number(row!.$extras.total)),
      1
    )
  })

  test('a taken e-mail is refused with 422 and the error shape', async ({ client, assert }) => {
    await makeUser({ email: 'taken@example.test' })
    const response = await client
      .post('/api/authentication/register_with_email_and_pass')
      .json({ user: { email: 'TAKEN@example.test', password: 'long-enough-1' } })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_EMAIL_TAKEN')
  })

  test('a short password is refused with the spec wording', async ({ client, assert }) => {
    const response = await client
      .post('/api/authentication/register_with_email_and_pass')
      .json({ user: { email: 'a@example.test', password: 'short' } })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
    assert.deepEqual(response.body().errors, [
      {
        field: 'user.password',
        rule: 'passwordTooShort',
        message: 'Password must be at least 8 characters long',
      },
    ])
  })

  test('a mismatched confirmation says the passwords do not match', async ({ client, assert }) => {
    const response = await client.post('/api/authentication/register_with_email_and_pass').json({
      user: {
        email: 'a@example.test',
        password: 'long-enough-1',
        password_confirmation: 'other-one-22',
      },
    })
    response.assertStatus(422)
    assert.equal(response.body().errors[0].message, 'Passwords do not match')
  })

  test('an invalid e-mail and a missing wrapper are validation errors', async ({
    client,
    assert,
  }) => {
    const bad = await client
      .post('/api/authentication/register_with_email_and_pass')
      .json({ user: { email: 'nope', password: 'long-enough-1' } })
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'user.email')
    const missing = await client
      .post('/api/authentication/register_with_email_and_pass')
      .json({ email: 'a@b.test' })
    missing.assertStatus(422)
    assert.equal(missing.body().errors[0].field, 'user')
  })

  test('validation messages follow the request language', async ({ client, assert }) => {
    const response = await client
      .post('/api/authentication/register_with_email_and_pass')
      .header('accept-language', 'de-DE,de;q=0.9')
      .json({ user: { email: 'a@example.test', password: 'short' } })
    response.assertStatus(422)
    assert.notEqual(response.body().title, 'Please check what you entered')
    assert.notEqual(
      response.body().errors[0].message,
      'Password must be at least 8 characters long'
    )
  })

  test('a registered user token works right away', async ({ client }) => {
    const user = await makeUser()
    const response = await client.post('/api/tokens/validate').bearerToken(await tokenFor(user))
    response.assertStatus(200)
    response.assertBody({ valid: true })
  })
})
