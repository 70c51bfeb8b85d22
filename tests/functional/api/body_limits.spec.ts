import { test } from '@japa/runner'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { FORM_LIMIT_BYTES, JSON_LIMIT_BYTES, bodyLimitMbOf } from '#services/upload_limits'
import { signIn } from '#tests/support/content'

/*
 * Every body has a ceiling (docs/api.md: Uploads and their ceilings): past the
 * body parser's, the answer is a catalogued 413 {title, code}, never a
 * bare one or a 500.
 */
test.group('API body ceilings', (group) => {
  group.each.setup(() => resetState())

  test('a JSON body over its cap is 413 E_BODY_TOO_BIG naming the cap', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const response = await client
      .post('/api/decks')
      .bearerToken(token)
      .header('Accept-Language', 'fr')
      .json({ name: 'x'.repeat(JSON_LIMIT_BYTES + 1024) })
    response.assertStatus(413)
    assertErrorBody(assert, response.body(), 'E_BODY_TOO_BIG')
    assert.equal(
      response.body().title,
      `La requête est trop volumineuse (${bodyLimitMbOf(true)} Mo au maximum)`
    )
  }).timeout(60_000)

  test('a url-encoded form over its cap is 413 E_BODY_TOO_BIG too', async ({ client, assert }) => {
    const { token } = await signIn()
    const response = await client
      .post('/api/decks')
      .bearerToken(token)
      .form({ name: 'x'.repeat(FORM_LIMIT_BYTES + 1024) })
    response.assertStatus(413)
    assertErrorBody(assert, response.body(), 'E_BODY_TOO_BIG')
    assert.include(response.body().title, String(bodyLimitMbOf(false)))
  })
})
