import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import env from '#start/env'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { fixture } from '#tests/support/fixtures'
import { signIn } from '#tests/support/content'

/* back to the default: env.set(key, undefined) would leave the string "undefined" in process.env */
function unsetEnv(key: 'PARSE_MAX_MB' | 'PARSE_TIMEOUT_MS') {
  env.set(key, undefined as any)
  delete process.env[key]
}

/*
 * An OCR scan gets the parse threads' time cap (PARSE_TIMEOUT_MS): past it
 * the tesseract.js thread is stopped and the scan is 422 E_FILE_TOO_COMPLEX;
 * the next scan starts a thread of its own and reads the image.
 */
test.group('Media helpers: the OCR time cap', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(120_000)

  test('a scan past the time cap is 422 E_FILE_TOO_COMPLEX, and the next scan works', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const base64 = readFileSync(fixture('ocr', 'words.png')).toString('base64')
    env.set('PARSE_TIMEOUT_MS', 1)
    try {
      const response = await client
        .post('/api/ai/image_occlusion')
        .bearerToken(token)
        .json({ base64 })
      response.assertStatus(422)
      assertErrorBody(assert, response.body(), 'E_FILE_TOO_COMPLEX')
      assert.equal(response.body().errors[0].field, 'base64')
    } finally {
      unsetEnv('PARSE_TIMEOUT_MS')
    }
    const again = await client.post('/api/ai/image_occlusion').bearerToken(token).json({ base64 })
    again.assertStatus(200)
    assert.isNotEmpty(again.body().rectangles)
  })
})
