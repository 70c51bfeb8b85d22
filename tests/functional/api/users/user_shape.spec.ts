import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { signIdentityToken } from '#tests/support/identity_server'
import { linkIn, makeUser, PASSWORD, resetState, waitForMail } from '#tests/support/helpers'

/*
 * Every call that answers the user answers the User entity exactly as
 * GET users/me does, key by key: a client keeps one User model whatever call
 * filled it. Bodies are the spec's call tables' (section 7), nothing added.
 */
async function assertSameAsMe(
  client: ApiClient,
  assert: any,
  call: string,
  user: Record<string, unknown>,
  token: string
) {
  const me = await client.get('/api/users/me').bearerToken(token)
  me.assertStatus(200)
  const expected = me.body()
  assert.sameMembers(Object.keys(user), Object.keys(expected), `${call}: the keys of its user`)
  for (const key of Object.keys(expected))
    assert.deepEqual(user[key], expected[key], `${call}: user.${key}`)
  /* the fields that were missing after a sign-up, spelled out */
  assert.deepEqual(
    user.freeTier,
    { aiGenWithPrompt: 5, aiGenWithPdf: 20, aiGenCardBuilder: 5 },
    call
  )
  assert.deepEqual(user.statsCounters, { cardsStudied: 0 }, call)
  assert.isBoolean(user.isPremium, call)
  assert.isString(user.theme, call)
  assert.isNumber((user.streak as any).currentDuration, call)
}

test.group('API: one User shape for every call', (group) => {
  group.each.setup(() => resetState())

  test('sign-up as a guest and with e-mail answer the users/me user', async ({
    client,
    assert,
  }) => {
    const guest = await client
      .post('/api/authentication/register_without_email')
      .json({ experiments: { paywall: 'b' } })
    guest.assertStatus(201)
    await assertSameAsMe(
      client,
      assert,
      'register_without_email',
      guest.body().user,
      guest.body().token
    )

    const member = await client
      .post('/api/authentication/register_with_email_and_pass')
      .json({ user: { email: 'ana@example.test', password: 'long-enough-1' } })
    member.assertStatus(201)
    await assertSameAsMe(
      client,
      assert,
      'register_with_email_and_pass',
      member.body().user,
      member.body().token
    )

    /* a guest upgraded in place */
    const upgraded = await client
      .post('/api/authentication/register_with_email_and_pass')
      .bearerToken(guest.body().token)
      .json({ user: { email: 'guest@example.test', password: 'long-enough-1' } })
    upgraded.assertStatus(201)
    await assertSameAsMe(
      client,
      assert,
      'register_with_email_and_pass (guest)',
      upgraded.body().user,
      upgraded.body().token
    )
  })

  test('every kind of sign-in answers the users/me user', async ({ client, assert }) => {
    await makeUser({ email: 'ana@example.test' })
    const email = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email', user: { email: 'ana@example.test', password: PASSWORD } })
    email.assertStatus(200)
    await assertSameAsMe(
      client,
      assert,
      'login_with_provider email',
      email.body().user,
      email.body().token
    )

    const google = await client.post('/api/authentication/login_with_provider').json({
      kind: 'google',
      id_token: await signIdentityToken('google', {
        sub: 'g-shape',
        email: 'g@gmail.test',
        name: 'Gil Gomes',
      }),
    })
    google.assertStatus(200)
    await assertSameAsMe(
      client,
      assert,
      'login_with_provider google (new)',
      google.body().user,
      google.body().token
    )

    const again = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'google', web_token: await signIdentityToken('google', { sub: 'g-shape' }) })
    again.assertStatus(200)
    await assertSameAsMe(
      client,
      assert,
      'login_with_provider google (known)',
      again.body().user,
      again.body().token
    )

    /* Apple's credential: `user` is Apple's user identifier (a string), the name comes on the first sign-in only */
    const apple = await client.post('/api/authentication/login_with_provider').json({
      kind: 'apple',
      user: '001234.shape',
      authorization_code: 'c0de',
      identity_token: await signIdentityToken('apple', { sub: '001234.shape' }),
      name: 'Ana Apple',
    })
    apple.assertStatus(200)
    assert.equal(apple.body().user.name, 'Ana Apple')
    await assertSameAsMe(
      client,
      assert,
      'login_with_provider apple',
      apple.body().user,
      apple.body().token
    )

    const oneTap = await client
      .post('/api/auth/google')
      .json({ credential: await signIdentityToken('google', { sub: 'g-one-tap' }) })
    oneTap.assertStatus(200)
    await assertSameAsMe(client, assert, 'auth/google', oneTap.body().user, oneTap.body().token)

    ;(
      await client
        .post('/api/authentication/login_with_provider')
        .json({ kind: 'web_to_app', email: 'ana@example.test' })
    ).assertStatus(202)
    const code = linkIn((await waitForMail('ana@example.test')).text, '/auth/link')
      .split('/')
      .pop()!
    const link = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'web_to_app', code })
    link.assertStatus(200)
    await assertSameAsMe(
      client,
      assert,
      'login_with_provider web_to_app',
      link.body().user,
      link.body().token
    )
  })

  test('PUT users/{id} answers the users/me user', async ({ client, assert }) => {
    const signUp = await client
      .post('/api/authentication/register_with_email_and_pass')
      .json({ user: { email: 'ana@example.test', password: 'long-enough-1' } })
    const { token, user } = signUp.body()
    const offset = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ timezone_offset: 120 })
    offset.assertStatus(200)
    assert.equal(offset.body().timezoneOffset, 120)
    await assertSameAsMe(client, assert, 'PUT users/{id} timezone_offset', offset.body(), token)

    const profile = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user: { name: 'Ana Lima', username: 'ana.l' } })
    profile.assertStatus(200)
    await assertSameAsMe(client, assert, 'PUT users/{id} profile', profile.body(), token)
  })
})
