import { test } from '@japa/runner'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { createDeck, pngBytes, signIn } from '#tests/support/content'

test.group('API bearer header: any run of spaces', (group) => {
  group.each.setup(() => resetState())

  test('`Bearer  <token>` with two spaces, many spaces or a tab is the same token', async ({
    client,
  }) => {
    const { token } = await signIn()
    for (const gap of ['  ', '     ', '\t', ' \t ']) {
      ;(
        await client.get('/api/users/me').header('Authorization', `Bearer${gap}${token}`)
      ).assertStatus(200)
    }
    /* the scheme's case never mattered; a wrong token is still a 401 */
    ;(await client.get('/api/users/me').header('Authorization', `bearer  ${token}`)).assertStatus(
      200
    )
    ;(await client.get('/api/users/me').header('Authorization', `Bearer  ${token}x`)).assertStatus(
      401
    )
  })

  test('the web /media door reads the same header the same way', async ({ client, assert }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Anatomy' })
    const uploaded = await client
      .post('/api/card_attachments')
      .bearerToken(token)
      .field('deck_id', String(deck.id))
      .file('file', pngBytes(), { filename: 'heart.png' })
    uploaded.assertStatus(200)
    const url = new URL(uploaded.body().url, 'http://localhost').pathname
    const served = await client.get(url).header('Authorization', `Bearer   ${token}`)
    served.assertStatus(200)
    assert.equal(served.header('content-type'), 'image/png')
  })

  test('a missing or wrong Admin-Authorization is 403 E_ADMIN_TOKEN_INVALID, not 401', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const missing = await client.get('/api/admin/experiments')
    missing.assertStatus(403)
    assertErrorBody(assert, missing.body(), 'E_ADMIN_TOKEN_INVALID')
    assert.include(missing.body().body, 'Admin-Authorization')
    const learner = await client.get('/api/admin/experiments').header('Admin-Authorization', token)
    learner.assertStatus(403)
    assertErrorBody(assert, learner.body(), 'E_ADMIN_TOKEN_INVALID')
  })
})
