import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'

/*
 * Issue 31: a sign-up sent again after a network error (its answer lost)
 * answered 422 E_EMAIL_TAKEN, and the app never got its token. With the
 * same Idempotency-Key the first answer comes back, its token working;
 * without a key, the same e-mail and the same password within minutes, on
 * an account never used yet, is answered a token too (it is a sign-in).
 */
const EMAIL = 'new@example.test'
const PASSWORD = 'long-enough-1'

const signUp = (client: ApiClient, password = PASSWORD, key?: string) => {
  const request = client
    .post('/api/authentication/register_with_email_and_pass')
    .json({ user: { email: EMAIL, password } })
  return key ? request.header('Idempotency-Key', key) : request
}
const me = (client: ApiClient, token: string) => client.get('/api/users/me').bearerToken(token)
const users = async () => Number((await db.from('users').count('* as n').first()).n)

test.group('API sign-up sent again', (group) => {
  group.each.setup(() => resetState())

  test('with the same Idempotency-Key: the first answer, whose token works', async ({
    client,
    assert,
  }) => {
    const first = await signUp(client, PASSWORD, 'sign-up-1')
    first.assertStatus(201)
    const again = await signUp(client, PASSWORD, 'sign-up-1')
    again.assertStatus(201)
    assert.deepEqual(again.body(), first.body())
    const mine = await me(client, again.body().token)
    mine.assertStatus(200)
    assert.equal(mine.body().email, EMAIL)
    assert.equal(await users(), 1)
  })

  test('without a key, the same e-mail and password: a working token for the account made', async ({
    client,
    assert,
  }) => {
    const first = await signUp(client)
    first.assertStatus(201)
    const again = await signUp(client)
    again.assertStatus(201)
    assert.isTrue(again.body().isNewUser)
    assert.notEqual(again.body().token, first.body().token)
    const mine = await me(client, again.body().token)
    mine.assertStatus(200)
    assert.equal(mine.body().id, first.body().user.id)
    assert.equal(await users(), 1)
  })

  test('without a key, another password is still E_EMAIL_TAKEN', async ({ client, assert }) => {
    ;(await signUp(client)).assertStatus(201)
    const other = await signUp(client, 'another-password-2')
    other.assertStatus(422)
    assertErrorBody(assert, other.body(), 'E_EMAIL_TAKEN')
  })

  test('without a key, an account already used is E_EMAIL_TAKEN', async ({ client, assert }) => {
    const first = await signUp(client)
    ;(await me(client, first.body().token)).assertStatus(200)
    const again = await signUp(client)
    again.assertStatus(422)
    assertErrorBody(assert, again.body(), 'E_EMAIL_TAKEN')
  })

  test('without a key, past the 10 minutes it is E_EMAIL_TAKEN', async ({ client, assert }) => {
    ;(await signUp(client)).assertStatus(201)
    await db.from('users').update({ created_at: db.raw("now() - interval '11 minutes'") })
    const again = await signUp(client)
    again.assertStatus(422)
    assertErrorBody(assert, again.body(), 'E_EMAIL_TAKEN')
  })

  test("a guest's upgrade sent again with the guest's token answers a token for the same account", async ({
    client,
    assert,
  }) => {
    const guest = await client.post('/api/authentication/register_without_email').json({})
    const upgrade = () =>
      client
        .post('/api/authentication/register_with_email_and_pass')
        .bearerToken(guest.body().token)
        .json({ user: { email: EMAIL, password: PASSWORD } })
    ;(await upgrade()).assertStatus(201)
    const again = await upgrade()
    again.assertStatus(201)
    const mine = await me(client, again.body().token)
    assert.equal(mine.body().id, (await me(client, guest.body().token)).body().id)
    assert.equal(await users(), 1)
  })
})
