import { test } from '@japa/runner'
import SocialAccount from '#models/social_account'
import User from '#models/user'
import { nextGoogleUser, signIdentityToken } from '#tests/support/identity_server'
import {
  assertErrorBody,
  linkIn,
  makeUser,
  PASSWORD,
  resetState,
  tokenFor,
  waitForMail,
} from '#tests/support/helpers'

test.group('API sign-in: e-mail', (group) => {
  group.each.setup(() => resetState())

  test('the right password gives a token and the user', async ({ client, assert }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    const response = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email', user: { email: 'ANA@example.test', password: PASSWORD } })
    response.assertStatus(200)
    assert.isString(response.body().token)
    assert.isFalse(response.body().isNewUser)
    assert.equal(response.body().user.id, user.id)
  })

  test('a wrong password is refused without saying which part was wrong', async ({
    client,
    assert,
  }) => {
    await makeUser({ email: 'ana@example.test' })
    const wrong = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email', user: { email: 'ana@example.test', password: 'not-the-password' } })
    wrong.assertStatus(400)
    assertErrorBody(assert, wrong.body(), 'E_INVALID_CREDENTIALS')
    const unknown = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email', user: { email: 'nobody@example.test', password: 'not-the-password' } })
    unknown.assertStatus(400)
    assert.deepEqual(unknown.body(), wrong.body())
  })

  test('missing credentials and an unknown kind are 422', async ({ client, assert }) => {
    const missing = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email' })
    missing.assertStatus(422)
    assertErrorBody(assert, missing.body(), 'E_MISSING_CREDENTIALS')
    const kind = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'facebook' })
    kind.assertStatus(422)
    assert.equal(kind.body().errors[0].field, 'kind')
  })

  test('a burst of failed sign-ins gets 429 with Retry-After, even with the right password', async ({
    client,
    assert,
  }) => {
    await makeUser({ email: 'ana@example.test' })
    const attempt = (password: string) =>
      client
        .post('/api/authentication/login_with_provider')
        .json({ kind: 'email', user: { email: 'ana@example.test', password } })
    for (let i = 0; i < 5; i++) (await attempt('wrong-password')).assertStatus(400)
    const blocked = await attempt('wrong-password')
    blocked.assertStatus(429)
    assertErrorBody(assert, blocked.body(), 'E_TOO_MANY_REQUESTS')
    assert.isAbove(Number(blocked.header('retry-after')), 0)
    ;(await attempt(PASSWORD)).assertStatus(429)
  })

  test('30 wrong passwords sent 10 at a time: no more than the limit of 5 are checked', async ({
    client,
    assert,
  }) => {
    await makeUser({ email: 'ana@example.test' })
    const statuses: number[] = []
    let next = 0
    const lane = async () => {
      while (next < 30) {
        next++
        const response = await client
          .post('/api/authentication/login_with_provider')
          .json({ kind: 'email', user: { email: 'ana@example.test', password: 'wrong-password' } })
        statuses.push(response.status())
      }
    }
    await Promise.all(Array.from({ length: 10 }, lane))
    assert.lengthOf(statuses, 30)
    assert.equal(statuses.filter((status) => status === 400).length, 5, statuses.join(','))
    assert.equal(statuses.filter((status) => status === 429).length, 25)
    /* and the right one is refused too, until the block ends */
    const right = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email', user: { email: 'ana@example.test', password: PASSWORD } })
    right.assertStatus(429)
  })
})

test.group('API sign-in: Google and Apple', (group) => {
  group.each.setup(() => resetState())

  test('a Google id token creates an account linked by subject', async ({ client, assert }) => {
    const idToken = await signIdentityToken('google', {
      sub: 'g-123',
      email: 'ana@gmail.test',
      name: 'Ana Lima',
    })
    const first = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'google', id_token: idToken })
    first.assertStatus(200)
    assert.isTrue(first.body().isNewUser)
    assert.equal(first.body().user.provider, 'google')
    assert.equal(first.body().user.name, 'Ana Lima')
    assert.deepEqual(first.body().user.connectedSocialProviders, ['google'])

    const again = await client.post('/api/auth/google').json({ credential: idToken })
    again.assertStatus(200)
    assert.isFalse(again.body().isNewUser)
    assert.equal(again.body().user.id, first.body().user.id)
  })

  test('an Apple identity token signs in, and the name given on first sign-in is kept', async ({
    client,
    assert,
  }) => {
    const identityToken = await signIdentityToken('apple', {
      sub: '001234.abcd',
      email: 'x@privaterelay.appleid.test',
    })
    const response = await client.post('/api/authentication/login_with_provider').json({
      kind: 'apple',
      identity_token: identityToken,
      authorization_code: 'c',
      name: 'Bea Souza',
    })
    response.assertStatus(200)
    assert.equal(response.body().user.provider, 'apple')
    assert.equal(response.body().user.name, 'Bea Souza')
  })

  test('the same e-mail at Google does not take over an e-mail account', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser({ email: 'ana@example.test' })
    const idToken = await signIdentityToken('google', {
      sub: 'g-attacker',
      email: 'ana@example.test',
    })
    const response = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'google', id_token: idToken })
    response.assertStatus(200)
    assert.notEqual(response.body().user.id, owner.id)
    assert.isNull(response.body().user.email)
    assert.equal(
      await SocialAccount.query()
        .where('user_id', owner.id)
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      0
    )
  })

  test('an unverified Google e-mail is not put on the account', async ({ client, assert }) => {
    const idToken = await signIdentityToken('google', {
      sub: 'g-unverified',
      email: 'maybe@gmail.test',
      email_verified: false,
    })
    const response = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'google', id_token: idToken })
    response.assertStatus(200)
    assert.isNull(response.body().user.email)
  })

  test('tokens signed by another key, for another audience, or expired are refused', async ({
    client,
    assert,
  }) => {
    const cases = [
      await signIdentityToken('google', { sub: 'g-1' }, { foreignKey: true }),
      await signIdentityToken('google', { sub: 'g-1', aud: 'someone-elses-app' }),
      await signIdentityToken('google', { sub: 'g-1', expiresIn: '-5m' }),
      await signIdentityToken('google', { sub: 'g-1', iss: 'https://evil.test' }),
      'not-a-jwt',
    ]
    for (const idToken of cases) {
      const response = await client
        .post('/api/authentication/login_with_provider')
        .json({ kind: 'google', id_token: idToken })
      response.assertStatus(400)
      assertErrorBody(assert, response.body(), 'E_INVALID_IDENTITY_TOKEN')
    }
    assert.equal(
      await User.query()
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      0
    )
  })

  test('auth/google refuses a forged or missing credential', async ({ client, assert }) => {
    const forged = await client
      .post('/api/auth/google')
      .json({ credential: await signIdentityToken('google', { sub: 'g-x' }, { foreignKey: true }) })
    forged.assertStatus(400)
    assertErrorBody(assert, forged.body(), 'E_INVALID_IDENTITY_TOKEN')
    const missing = await client.post('/api/auth/google').json({})
    missing.assertStatus(422)
    assert.equal(missing.body().errors[0].field, 'credential')
  })

  test('a missing identity token is 422', async ({ client, assert }) => {
    const response = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'apple' })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_MISSING_IDENTITY_TOKEN')
  })

  test('a signed-in user connects Google to the account; another account cannot take it', async ({
    client,
    assert,
  }) => {
    const user = await makeUser()
    const idToken = await signIdentityToken('google', { sub: 'g-link' })
    const linked = await client
      .post('/api/authentication/login_with_provider')
      .bearerToken(await tokenFor(user))
      .json({ kind: 'google', id_token: idToken })
    linked.assertStatus(200)
    assert.equal(linked.body().user.id, user.id)
    assert.deepEqual(linked.body().user.connectedSocialProviders, ['google'])

    const other = await makeUser()
    const stolen = await client
      .post('/api/authentication/login_with_provider')
      .bearerToken(await tokenFor(other))
      .json({ kind: 'google', id_token: idToken })
    stolen.assertStatus(409)
    assertErrorBody(assert, stolen.body(), 'E_PROVIDER_LINKED_ELSEWHERE')
  })

  test('a guest who signs in with Apple is upgraded in place', async ({ client, assert }) => {
    const guest = await client.post('/api/authentication/register_without_email').json({})
    const guestId = (await client.get('/api/users/me').bearerToken(guest.body().token)).body().id
    const identityToken = await signIdentityToken('apple', { sub: 'a-guest' })
    const response = await client
      .post('/api/authentication/login_with_provider')
      .bearerToken(guest.body().token)
      .json({ kind: 'apple', identity_token: identityToken })
    response.assertStatus(200)
    assert.equal(response.body().user.id, guestId)
    assert.equal(response.body().user.provider, 'apple')
  })

  test('a guest upgraded through Google leaves the guest username, as the e-mail upgrade does', async ({
    client,
    assert,
  }) => {
    const guest = await client.post('/api/authentication/register_without_email').json({})
    const before = (await client.get('/api/users/me').bearerToken(guest.body().token)).body()
    assert.match(before.username, /^guest/)
    const idToken = await signIdentityToken('google', {
      sub: 'g-guest',
      email: 'rui@gmail.test',
      name: 'Rui Costa',
    })
    const response = await client
      .post('/api/authentication/login_with_provider')
      .bearerToken(guest.body().token)
      .json({ kind: 'google', id_token: idToken })
    response.assertStatus(200)
    assert.equal(response.body().user.id, before.id)
    assert.equal(response.body().user.username, 'rui.costa')
  })

  test('the web Google flow signs in through the OAuth redirect', async ({ assert }) => {
    nextGoogleUser({ sub: 'g-web', email: 'web@gmail.test', name: 'Web User' })
    const base = `http://${process.env.HOST}:${process.env.PORT}`
    const start = await fetch(`${base}/auth/google/redirect`, { redirect: 'manual' })
    /* like a browser: the last Set-Cookie of a name wins */
    const jar = new Map(
      start.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0].split('=') as [string, string])
    )
    const cookies = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' })
    const callback = await fetch(consent.headers.get('location')!, {
      redirect: 'manual',
      headers: { cookie: cookies },
    })
    assert.equal(callback.status, 302)
    /* a new account starts with the onboarding */
    assert.equal(callback.headers.get('location'), '/onboarding')
    const account = await SocialAccount.findByOrFail('subject', 'g-web')
    const user = await User.findOrFail(account.userId)
    assert.equal(user.email, 'web@gmail.test')
    assert.equal(user.provider, 'google')
  })
})

test.group('API sign-in: web_to_app link', (group) => {
  group.each.setup(() => resetState())

  test('the e-mailed one-time code gives a token once', async ({ client, assert }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    const request = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'web_to_app', email: 'ana@example.test' })
    request.assertStatus(202)
    const mail = await waitForMail('ana@example.test')
    const code = linkIn(mail.text, '/auth/link').split('/').pop()!

    const signedIn = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'web_to_app', code })
    signedIn.assertStatus(200)
    assert.equal(signedIn.body().user.id, user.id)

    const reused = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'web_to_app', code })
    reused.assertStatus(410)
    assertErrorBody(assert, reused.body(), 'E_LINK_EXPIRED')
    /* a sign-in code's own words, not the password reset's ("Reset again to create a new link") */
    assert.equal(reused.body().title, 'This sign-in link no longer works')
    assert.notInclude(reused.body().body, 'Reset')
  })

  test('an unknown address gets the same answer and no mail', async ({ client }) => {
    const response = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'web_to_app', email: 'nobody@example.test' })
    response.assertStatus(202)
    response.assertBody({ sent: true })
  })
})
