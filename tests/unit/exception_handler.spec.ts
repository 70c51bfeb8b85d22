import { test } from '@japa/runner'
import { Socket } from 'node:net'
import { IncomingMessage, ServerResponse } from 'node:http'
import testUtils from '@adonisjs/core/services/test_utils'
import HttpExceptionHandler from '#exceptions/handler'
import pg from 'pg'

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

  test('PostgreSQL out of reach is the maintenance answer, 503 E_MAINTENANCE, not a 500', async ({ assert }) => {
    /* the error a closed port really gives */
    const client = new pg.Client({ host: '127.0.0.1', port: 1, user: 'postgres', database: 'none' })
    const refused = await client.connect().then(() => null, (error: unknown) => error)
    assert.isNotNull(refused)
    const req = new IncomingMessage(new Socket())
    req.method = 'POST'
    req.url = '/api/deck_imports'
    const ctx = await testUtils.createHttpContext({ req, res: new ServerResponse(req) })
    await new HttpExceptionHandler().handle(refused, ctx)
    ctx.response.finish()
    assert.equal(ctx.response.getStatus(), 503)
    const body = ctx.response.getBody()
    assert.equal(body.code, 'E_MAINTENANCE')
    assert.equal(body.title, 'The server is down for maintenance')
    assert.isString(body.body)
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
