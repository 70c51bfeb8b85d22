import { test } from '@japa/runner'
import { appUrl } from '#config/app'
import { assertErrorBody, makeUser, PASSWORD, resetState, tokenFor } from '#tests/support/helpers'
import { pngBytes } from '#tests/support/content'

const NEW_PASSWORD = 'a-brand-new-secret'

function signInWith(client: any, email: string, password: string) {
  return client
    .post('/api/authentication/login_with_provider')
    .json({ kind: 'email', user: { email, password } })
}

/* the spec's PUT users/{id}: timezone_offset, password, or profile (name, username, email, avatar), flat */
test.group('API PUT users/{id}: the spec client shapes', (group) => {
  group.each.setup(() => resetState())

  test('flat {password, current_password} changes the password; the token in use survives', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    const token = await tokenFor(user)
    const response = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ password: NEW_PASSWORD, current_password: PASSWORD })
    response.assertStatus(200)
    ;(await signInWith(client, 'ana@example.test', NEW_PASSWORD)).assertStatus(200)
    ;(await signInWith(client, 'ana@example.test', PASSWORD)).assertStatus(400)
    ;(await client.get('/api/users/me').bearerToken(token)).assertStatus(200)
    assert.equal(response.body().id, user.id)
  })

  test('flat {password} without the current one is a 422 that says to send it; nothing changes', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    const response = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(await tokenFor(user))
      .json({ password: NEW_PASSWORD })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_WRONG_PASSWORD')
    assert.equal(response.body().errors[0].field, 'current_password')
    assert.equal(response.body().title, 'Enter your current password to set a new one')
    ;(await signInWith(client, 'ana@example.test', PASSWORD)).assertStatus(200)
  })

  test('an account without a password (Google, Apple, guest) sets its first one with no current one', async ({
    client,
  }) => {
    const user = await makeUser({ email: 'social@example.test', password: null } as any)
    const response = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(await tokenFor(user))
      .json({ password: NEW_PASSWORD })
    response.assertStatus(200)
    ;(await signInWith(client, 'social@example.test', NEW_PASSWORD)).assertStatus(200)
  })

  test('flat profile fields {name, username} and {timezone_offset} are applied', async ({
    client,
    assert,
  }) => {
    const user = await makeUser()
    const token = await tokenFor(user)
    const response = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ name: 'Zoë Reads', username: 'zoe.reads' })
    response.assertStatus(200)
    assert.equal(response.body().name, 'Zoë Reads')
    assert.equal(response.body().username, 'zoe.reads')
    const offset = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user_id: user.id, timezone_offset: 90 })
    offset.assertStatus(200)
    assert.equal(offset.body().timezoneOffset, 90)
  })

  test('a multipart user[avatar] sets the avatar', async ({ client, assert }) => {
    const user = await makeUser()
    const response = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(await tokenFor(user))
      .file('user[avatar]', pngBytes(), { filename: 'me.png' })
    response.assertStatus(200)
    /* absolute, as every link the API hands out (docs/api.md "Media URLs") */
    const avatarUrl: string = response.body().avatarUrl
    assert.equal(avatarUrl.slice(0, appUrl.length), appUrl)
    assert.match(avatarUrl.slice(appUrl.length), new RegExp(`^/avatars/${user.id}\\?v=\\d+$`))
  })

  test('a field the server cannot apply is a 422 naming it, flat or inside user; nothing changes', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ name: 'Ana' } as any)
    const token = await tokenFor(user)
    const flat = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ name: 'Changed', nickname: 'ana' })
    flat.assertStatus(422)
    assertErrorBody(assert, flat.body(), 'E_VALIDATION_ERROR')
    assert.equal(flat.body().errors[0].field, 'nickname')
    assert.include(flat.body().title, 'nickname')
    const nested = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user: { photo_url: 'x' } })
    nested.assertStatus(422)
    assert.equal(nested.body().errors[0].field, 'user.photo_url')
    const other = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({ user_id: user.id + 1, timezone_offset: 60 })
    other.assertStatus(422)
    assert.equal(other.body().errors[0].field, 'user_id')
    const me = await client.get('/api/users/me').bearerToken(token)
    assert.equal(me.body().name, 'Ana')
  })
})
