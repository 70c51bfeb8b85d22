import { test } from '@japa/runner'
import { Socket } from 'node:net'
import { IncomingMessage, ServerResponse } from 'node:http'
import testUtils from '@adonisjs/core/services/test_utils'
import HttpExceptionHandler from '#exceptions/handler'

test.group('Exception handler', () => {
  test('an unexpected API error is a 500 with a generic localized body and no stack', async ({ assert }) => {
    const req = new IncomingMessage(new Socket())
    req.method = 'GET'
    req.url = '/api/decks'
    req.headers['accept-language'] = 'fr'
    const ctx = await testUtils.createHttpContext({ req, res: new ServerResponse(req) })
    await new HttpExceptionHandler().handle(new Error('secret internals at /srv/app.ts:42'), ctx)
    ctx.response.finish()
    assert.equal(ctx.response.getStatus(), 500)
    const body = ctx.response.getBody()
    assert.equal(body.code, 'E_SERVER_ERROR')
    assert.notEqual(body.title, 'Uh-oh, an error occurred')
    assert.isString(body.body)
    assert.notProperty(body, 'stack')
    assert.notInclude(JSON.stringify(body), 'secret internals')
  })

  test('a lock or a statement past its database timeout is a 503 E_DATABASE_BUSY with Retry-After, localized', async ({ assert }) => {
    for (const code of ['55P03', '57014']) {
      const req = new IncomingMessage(new Socket())
      req.method = 'POST'
      req.url = '/api/decks'
      req.headers['accept-language'] = 'de'
      const ctx = await testUtils.createHttpContext({ req, res: new ServerResponse(req) })
      await new HttpExceptionHandler().handle(Object.assign(new Error('canceling statement due to lock timeout'), { code }), ctx)
      ctx.response.finish()
      assert.equal(ctx.response.getStatus(), 503)
      assert.equal(ctx.response.getHeader('retry-after'), '5')
      const body = ctx.response.getBody()
      assert.deepEqual(body, { title: 'Der Server ist gerade ausgelastet', body: 'Bitte versuche es gleich noch einmal.', code: 'E_DATABASE_BUSY' })
    }
  })

  test('a visit from an open page (X-Inertia) that fails on the server gets the error\'s JSON, which the page shows over itself', async ({ assert }) => {
    const req = new IncomingMessage(new Socket())
    req.method = 'GET'
    req.url = '/decks'
    req.headers['x-inertia'] = 'true'
    req.headers.accept = 'text/html, application/xhtml+xml'
    req.headers['accept-language'] = 'de'
    const ctx = await testUtils.createHttpContext({ req, res: new ServerResponse(req) })
    await new HttpExceptionHandler().handle(new Error('secret internals'), ctx)
    ctx.response.finish()
    assert.equal(ctx.response.getStatus(), 500)
    const body = ctx.response.getBody()
    assert.equal(body.code, 'E_SERVER_ERROR')
    assert.notInclude(JSON.stringify(body), 'secret internals')
    assert.notProperty(body, 'component')
  })
})
