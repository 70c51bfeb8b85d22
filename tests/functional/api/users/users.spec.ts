import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { appUrl } from '#config/app'
import { assertErrorBody, makeUser, PASSWORD, resetState, tokenFor } from '#tests/support/helpers'

test.group('API users', (group) => {
  group.each.setup(() => resetState())

  test('users/me returns the User entity of the spec', async ({ client, assert }) => {
    const user = await makeUser({ name: 'Ana Lima', email: 'ana@example.test' })
    const response = await client.get('/api/users/me').bearerToken(await tokenFor(user))
    response.assertStatus(200)
    assert.properties(response.body(), [
      'id',
      'analyticsId',
      'email',
      'provider',
      'isPremium',
      'name',
      'username',
      'about',
      'onboardingData',
      'avatarColor',
      'avatarUrl',
      'countryCode',
      'createdAt',
      'experiments',
      'subscription',
      'subscriptionProvider',
      'connectedSocialProviders',
      'statsCounters',
      'paymentCustomerId',
      'authorized',
      'freeTier',
      'streak',
    ])
    assert.equal(response.body().email, 'ana@example.test')
    assert.equal(response.body().username, 'ana.lima')
    assert.include(['blue', 'violet', 'orange', 'red', 'green'], response.body().avatarColor)
    assert.notProperty(response.body(), 'password')
    assert.properties(response.body().streak, [
      'currentDuration',
      'longestDuration',
      'totalActiveDays',
      'todayShown',
      'todayCompleted',
      'availableFreezeCount',
      'nextFreezeMinimumStreak',
    ])
  })

  test('PUT users/{id} updates the profile and the time-zone offset', async ({
    client,
    assert,
  }) => {
    const user = await makeUser()
    const response = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(await tokenFor(user))
      .json({
        user: {
          name: "Zoë O'Brien-Ávila",
          username: 'Zoe.Reads',
          about: 'Med student',
          avatar_color: 'violet',
          timezone_offset: 120,
        },
      })
    response.assertStatus(200)
    assert.equal(response.body().name, "Zoë O'Brien-Ávila")
    assert.equal(response.body().username, 'zoe.reads')
    assert.equal(response.body().avatarColor, 'violet')
    assert.equal(response.body().timezoneOffset, 120)

    const offsetOnly = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(await tokenFor(user))
      .json({ timezone_offset: -300 })
    assert.equal(offsetOnly.body().timezoneOffset, -300)
  })

  test('each profile rule has its own message', async ({ client, assert }) => {
    const user = await makeUser()
    const token = await tokenFor(user)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'A' }, 'nameTooShort', 'Name too short'],
      [{ name: 'Ana <script>' }, 'invalidName', 'Invalid name'],
      [{ username: 'ana_lima' }, 'invalidUsername', 'Invalid username'],
      [
        { username: 'a'.repeat(31) },
        'usernameTooLong',
        'Username too long (at most 30 characters)',
      ],
      [{ email: 'not-an-email' }, 'email', 'Enter a valid e-mail address'],
      [
        { password: 'short', current_password: PASSWORD },
        'passwordTooShort',
        'Password must be at least 8 characters long',
      ],
      [
        {
          password: 'long-enough-1',
          password_confirmation: 'different-22',
          current_password: PASSWORD,
        },
        'sameAs',
        'Passwords do not match',
      ],
    ]
    for (const [fields, rule, message] of cases) {
      const response = await client
        .put(`/api/users/${user.id}`)
        .bearerToken(token)
        .json({ user: fields })
      response.assertStatus(422)
      assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
      assert.equal(response.body().errors[0].rule, rule, JSON.stringify(fields))
      assert.equal(response.body().errors[0].message, message)
    }
  })

  test('usernames are unique regardless of case; e-mails too', async ({ client, assert }) => {
    await makeUser({ username: 'ana.lima', email: 'ana@example.test' })
    const user = await makeUser()
    const token = await tokenFor(user)
    const username = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user: { username: 'ANA.LIMA' } })
    username.assertStatus(422)
    assertErrorBody(assert, username.body(), 'E_USERNAME_TAKEN')
    const email = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user: { email: 'Ana@Example.test', current_password: PASSWORD } })
    email.assertStatus(422)
    assertErrorBody(assert, email.body(), 'E_EMAIL_TAKEN')
  })

  test('changing the password needs the current one and revokes the other tokens', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    const token = await tokenFor(user)
    const other = await tokenFor(user)
    const wrong = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user: { password: 'new-password-1', current_password: 'nope-nope-1' } })
    wrong.assertStatus(422)
    assertErrorBody(assert, wrong.body(), 'E_WRONG_PASSWORD')

    const ok = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user: { password: 'new-password-1', current_password: PASSWORD } })
    ok.assertStatus(200)
    ;(await client.post('/api/tokens/validate').bearerToken(token)).assertStatus(200)
    ;(await client.post('/api/tokens/validate').bearerToken(other)).assertStatus(401)
    const login = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email', user: { email: 'ana@example.test', password: 'new-password-1' } })
    login.assertStatus(200)
  })

  test('a PUT that fails in part changes nothing', async ({ client, assert }) => {
    await makeUser({ username: 'taken.name' })
    const user = await makeUser({ email: 'ana@example.test' })
    const response = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(await tokenFor(user))
      .json({
        user: {
          password: 'new-password-1',
          current_password: PASSWORD,
          username: 'taken.name',
          name: 'Changed Name',
        },
      })
    response.assertStatus(422)
    await user.refresh()
    assert.equal(user.name, 'Test User')
    const login = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email', user: { email: 'ana@example.test', password: PASSWORD } })
    login.assertStatus(200)
  })

  test('changing the e-mail needs the current password', async ({ client, assert }) => {
    const user = await makeUser()
    const token = await tokenFor(user)
    const refused = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user: { email: 'new@example.test' } })
    refused.assertStatus(422)
    assertErrorBody(assert, refused.body(), 'E_WRONG_PASSWORD')
    const ok = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user: { email: 'new@example.test', current_password: PASSWORD } })
    assert.equal(ok.body().email, 'new@example.test')
  })

  test('an avatar image up to 10 MB is stored and served; other files are refused', async ({
    client,
    assert,
  }) => {
    const user = await makeUser()
    const token = await tokenFor(user)
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64'
    )
    const response = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .file('avatar', png, { filename: 'me.png' })
    response.assertStatus(200)
    assert.match(response.body().avatarUrl, new RegExp(`^${appUrl}/avatars/${user.id}\\?v=`))
    const avatar = new URL(response.body().avatarUrl)
    const served = await client.get(`${avatar.pathname}${avatar.search}`)
    served.assertStatus(200)
    assert.equal(served.header('content-type'), 'image/png')

    const text = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .file('avatar', Buffer.from('hello'), { filename: 'notes.txt' })
    text.assertStatus(422)
    assert.equal(text.body().errors[0].field, 'avatar')
    const big = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .file('avatar', Buffer.alloc(10 * 1024 * 1024 + 10), { filename: 'big.png' })
    big.assertStatus(422)
    assert.equal(big.body().errors[0].message, 'Image too big (10 MB at most)')
  })

  test("another user's PUT and DELETE users/{id} are refused with 404", async ({
    client,
    assert,
  }) => {
    const victim = await makeUser({ username: 'victim' })
    const attacker = await makeUser()
    const token = await tokenFor(attacker)
    const put = await client
      .put(`/api/users/${victim.id}`)
      .bearerToken(token)
      .json({ user: { name: 'Hacked' } })
    put.assertStatus(404)
    assertErrorBody(assert, put.body(), 'E_NOT_FOUND')
    const del = await client
      .delete(`/api/users/${victim.id}`)
      .bearerToken(token)
      .json({ confirmation: 'victim' })
    del.assertStatus(404)
    /* the spec's call has no payload: still only the caller */
    const bare = await client.delete(`/api/users/${victim.id}`).bearerToken(token)
    bare.assertStatus(404)
    assertErrorBody(assert, bare.body(), 'E_NOT_FOUND')
    assert.isNotNull(await User.find(victim.id))
    await victim.refresh()
    assert.equal(victim.name, 'Test User')
    ;(await client.put(`/api/users/${victim.id}`).json({ user: { name: 'Anon' } })).assertStatus(
      401
    )
  })

  test('DELETE users/{id} with no payload, as the spec sends it, removes the account and everything it owns', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ username: 'ana.lima' })
    const token = await tokenFor(user)
    const deck = await db
      .table('decks')
      .insert({ user_id: user.id, name: 'Mine', created_at: new Date(), updated_at: new Date() })
      .returning('id')
    const response = await client.delete(`/api/users/${user.id}`).bearerToken(token)
    response.assertStatus(204)
    assert.isNull(await User.find(user.id))
    assert.isNull(
      await db
        .from('decks')
        .where('id', deck[0].id ?? deck[0])
        .first()
    )
    ;(await client.post('/api/tokens/validate').bearerToken(token)).assertStatus(401)
  })

  test('DELETE users/{id}: a confirmation, when a client sends one, must be the own username', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ username: 'ana.lima' })
    const token = await tokenFor(user)
    const wrong = await client
      .delete(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ confirmation: 'ana' })
    wrong.assertStatus(422)
    assertErrorBody(assert, wrong.body(), 'E_CONFIRMATION_MISMATCH')
    assert.isNotNull(await User.find(user.id))
    const ok = await client
      .delete(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ confirmation: 'ana.lima' })
    ok.assertStatus(204)
    assert.isNull(await User.find(user.id))
  })
})
