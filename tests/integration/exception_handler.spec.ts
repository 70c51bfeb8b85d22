import { test } from '@japa/runner'
import { Socket } from 'node:net'
import { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:net'
import pg from 'pg'
import { Redis } from 'ioredis'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import HttpExceptionHandler from '#exceptions/handler'

/** A request context as the server makes one: `accept` says page or JSON. */
async function contextFor(url: string, headers: Record<string, string> = {}) {
  const req = new IncomingMessage(new Socket())
  req.method = 'GET'
  req.url = url
  Object.assign(req.headers, headers)
  return testUtils.createHttpContext({ req, res: new ServerResponse(req) })
}

/** Runs `work` as the development server would (NODE_ENV=development), then puts the test environment back. */
async function inDevelopment<T>(work: () => Promise<T>) {
  Object.defineProperty(app, 'nodeEnvironment', { get: () => 'development', configurable: true })
  try {
    return await work()
  } finally {
    delete (app as { nodeEnvironment?: string }).nodeEnvironment
  }
}

/** A local port nothing listens on (taken from the system, then closed again). */
async function closedPort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function caught(work: () => Promise<unknown>) {
  try {
    await work()
  } catch (error) {
    return error
  }
  throw new Error('expected an error')
}

const LEAKS = /select|insert|no_such_table|at \S+:\d+|\/app\/|node_modules|\.ts\b/i

test.group('Exception handler', () => {
  test('a request the client cut off (a cancelled upload) is neither answered as a 500 nor reported', async ({
    assert,
  }) => {
    const ctx = await contextFor('/media', { accept: 'application/json' })
    const logged: unknown[] = []
    ctx.logger = {
      log: (...args: unknown[]) => logged.push(args),
      error: (...args: unknown[]) => logged.push(args),
      warn: () => {},
      info: () => {},
      debug: () => {},
      trace: () => {},
    } as any
    const aborted = new Error('Request aborted')
    const handler = new HttpExceptionHandler()
    await handler.report(aborted, ctx)
    assert.deepEqual(logged, [])
    await handler.handle(aborted, ctx)
    ctx.response.finish()
    assert.equal(ctx.response.getStatus(), 400)
    /* any other error is still reported */
    await handler.report(new Error('boom'), ctx)
    assert.lengthOf(logged, 1)
  })

  test('an unexpected API error is a 500 with a generic localized body and no stack', async ({
    assert,
  }) => {
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

  test('a lock or a statement past its database timeout is a 503 E_DATABASE_BUSY with Retry-After, localized', async ({
    assert,
  }) => {
    for (const code of ['55P03', '57014']) {
      const req = new IncomingMessage(new Socket())
      req.method = 'POST'
      req.url = '/api/decks'
      req.headers['accept-language'] = 'de'
      const ctx = await testUtils.createHttpContext({ req, res: new ServerResponse(req) })
      await new HttpExceptionHandler().handle(
        Object.assign(new Error('canceling statement due to lock timeout'), { code }),
        ctx
      )
      ctx.response.finish()
      assert.equal(ctx.response.getStatus(), 503)
      assert.equal(ctx.response.getHeader('retry-after'), '5')
      const body = ctx.response.getBody()
      assert.deepEqual(body, {
        title: 'Der Server ist gerade ausgelastet',
        body: 'Bitte versuche es gleich noch einmal.',
        code: 'E_DATABASE_BUSY',
      })
    }
  })

  test(
    "a visit from an open page (X-Inertia) that fails on the server gets the error's JSON, which the page " +
      'shows over itself',
    async ({ assert }) => {
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
    }
  )

  test('in development too, a raw database error answers no SQL, no stack and no path (JSON and an open page)', async ({
    assert,
  }) => {
    const error = await caught(() => db.rawQuery('select * from no_such_table where id = ?', [1]))
    await inDevelopment(async () => {
      const requests: [string, Record<string, string>][] = [
        ['/api/decks', { accept: 'application/json' }],
        ['/decks', { 'x-inertia': 'true', 'accept': 'text/html' }],
      ]
      for (const [url, headers] of requests) {
        const ctx = await contextFor(url, headers)
        await new HttpExceptionHandler().handle(error, ctx)
        ctx.response.finish()
        assert.equal(ctx.response.getStatus(), 500)
        const body = JSON.stringify(ctx.response.getBody())
        assert.include(body, 'E_SERVER_ERROR')
        assert.notMatch(body, LEAKS)
      }
    })
  })

  test(
    "the database out of reach is 503 E_MAINTENANCE with title and body, and a plain page in the reader's " +
      'language for pages',
    async ({ assert }) => {
      const client = new pg.Client({
        host: '127.0.0.1',
        port: await closedPort(),
        user: 'nobody',
        database: 'nothing',
      })
      const refused = await caught(() => client.connect())
      const ctx = await contextFor('/api/decks', { 'accept-language': 'de' })
      await new HttpExceptionHandler().handle(refused, ctx)
      ctx.response.finish()
      assert.equal(ctx.response.getStatus(), 503)
      const body = ctx.response.getBody()
      assert.equal(body.code, 'E_MAINTENANCE')
      assert.equal(body.title, 'Der Server wird gerade gewartet')
      assert.isString(body.body)
      assert.equal(ctx.response.getHeader('retry-after'), '30')

      for (const code of ['57P01', '57P03', '08006']) {
        const shutdown = Object.assign(
          new Error('terminating connection due to administrator command'),
          { code }
        )
        const api = await contextFor('/api/decks')
        await new HttpExceptionHandler().handle(shutdown, api)
        api.response.finish()
        assert.equal(api.response.getStatus(), 503, code)
      }

      const page = await contextFor('/decks', { 'accept': 'text/html', 'accept-language': 'fr' })
      await new HttpExceptionHandler().handle(refused, page)
      page.response.finish()
      assert.equal(page.response.getStatus(), 503)
      const html = String(page.response.getBody())
      assert.include(html, 'data-error="service-unavailable"')
      assert.include(html, '<html lang="fr">')
      assert.notMatch(html, /ECONNREFUSED|127\.0\.0\.1/)
    }
  )

  test('Redis out of reach (the session store, the rate limits) is 503 E_MAINTENANCE, not a 500', async ({
    assert,
  }) => {
    const redis = new Redis({
      host: '127.0.0.1',
      port: await closedPort(),
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => (times > 2 ? null : 10),
    })
    redis.on('error', () => {})
    const error = await caught(() => redis.get('session-id'))
    redis.disconnect()
    for (const headers of [{ accept: 'application/json' }, { accept: 'text/html' }]) {
      const ctx = await contextFor(
        headers.accept === 'text/html' ? '/sign-in' : '/api/authentication/login_with_provider',
        headers
      )
      await new HttpExceptionHandler().handle(error, ctx)
      ctx.response.finish()
      assert.equal(ctx.response.getStatus(), 503, String(error))
    }
  })
})
