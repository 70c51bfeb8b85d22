import { test } from '@japa/runner'
import env from '#start/env'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { heavyPdf, textPdf } from '#tests/support/pdfs'
import { getPriority } from 'node:os'
import { parsesRunning, runInThread } from '#services/parse_thread'
import { signIn, uploadPdf } from './support.js'

/* back to the default: env.set(key, undefined) would leave the string "undefined" in process.env */
function unsetEnv(key: 'PARSE_MAX_MB' | 'PARSE_TIMEOUT_MS') {
  env.set(key, undefined as any)
  delete process.env[key]
}

/*
 * A PDF's text is read in a parse thread (app/services/parse_thread.ts), not
 * on the web server's event loop: while a heavy one is read the server goes
 * on answering, and a PDF past the thread's heap or time cap is a 422.
 */
test.group('API AI document: PDFs read off the event loop', (group) => {
  group.each.setup(() => resetState())

  test('the server answers other requests while a heavy PDF is read', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const pdf = await heavyPdf(6)
    const order: string[] = []
    const upload = uploadPdf(client, token, pdf).then((response) => {
      order.push('upload')
      return response
    })
    /* wait (on a condition) until the PDF is being read, then ask for the health check */
    while (!parsesRunning() && !order.length) await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(order, [], 'the upload was answered before its PDF was read in a thread')
    const health = await client.get('/api/health')
    order.push('health')
    health.assertStatus(200)
    const uploaded = await upload
    assert.deepEqual(order, ['health', 'upload'], 'the health check waited for the PDF')
    uploaded.assertStatus(201)
    assert.include(uploaded.body().excerpt, 'A cell is the smallest unit of life')
  }).timeout(120_000)

  test('a PDF past the heap cap is 422 E_FILE_TOO_COMPLEX, and the server carries on', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const pdf = await heavyPdf(6)
    env.set('PARSE_MAX_MB', 24)
    try {
      const response = await uploadPdf(client, token, pdf)
      response.assertStatus(422)
      assertErrorBody(assert, response.body(), 'E_FILE_TOO_COMPLEX')
      assert.equal(response.body().errors[0].field, 'file')
    } finally {
      unsetEnv('PARSE_MAX_MB')
    }
    ;(await uploadPdf(client, token, await textPdf())).assertStatus(201)
  }).timeout(120_000)

  test("a PDF past the time cap is 422 E_FILE_TOO_COMPLEX in the request's language", async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    env.set('PARSE_TIMEOUT_MS', 1)
    try {
      const response = await uploadPdf(client, token, await textPdf()).header(
        'Accept-Language',
        'de'
      )
      response.assertStatus(422)
      assertErrorBody(assert, response.body(), 'E_FILE_TOO_COMPLEX')
      assert.equal(response.body().title, 'Diese Datei ist zu aufwendig zum Lesen')
    } finally {
      unsetEnv('PARSE_TIMEOUT_MS')
    }
    assert.equal(parsesRunning(), 0)
  }).timeout(60_000)

  test("a parse thread runs at the lowest priority; the server's own thread keeps its own", async ({
    assert,
  }) => {
    const before = getPriority()
    const inThread = await runInThread<number>(
      new URL('../../../support/thread_priority.ts', import.meta.url),
      'priority',
      [],
      { field: 'file' }
    )
    /* on Linux a nice value is the thread's own; elsewhere it would be the whole server's, so it is left alone there */
    assert.equal(inThread, process.platform === 'linux' ? 19 : before)
    assert.equal(getPriority(), before)
  })
})
