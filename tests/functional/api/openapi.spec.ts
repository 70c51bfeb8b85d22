import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'

/** "/api/users/:id" → "/users/{id}" */
const toOpenApiPath = (pattern: string) => pattern.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')

test.group('API documentation', () => {
  test('every /api route is in the OpenAPI document, with a unique operationId', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/openapi.json')
    response.assertStatus(200)
    const document = response.body()
    assert.equal(document.openapi, '3.1.0')

    const routes = Object.values(router.toJSON())
      .flat()
      .filter((route) => route.pattern.startsWith('/api/') && route.pattern !== '/api/*')
    assert.isAbove(routes.length, 10)
    for (const route of routes) {
      const path = toOpenApiPath(route.pattern)
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        assert.property(
          document.paths[path] ?? {},
          method.toLowerCase(),
          `${method} ${route.pattern} is missing from /api/openapi.json`
        )
      }
    }
    const ids = Object.values<Record<string, { operationId?: string }>>(document.paths).flatMap(
      (item) => Object.values(item).map((operation) => operation.operationId)
    )
    assert.deepEqual(
      ids.filter((id) => !id),
      [],
      'every operation has an operationId'
    )
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique')
  })

  test('redocly lint (recommended rules) finds no error and no warning', async ({
    client,
    assert,
  }) => {
    const document = (await client.get('/api/openapi.json')).body()
    const file = app.makePath('tmp/openapi_lint/openapi.json')
    await mkdir(app.makePath('tmp/openapi_lint'), { recursive: true })
    await writeFile(file, JSON.stringify(document))
    const { stdout } = await promisify(execFile)(
      app.makePath('node_modules/.bin/redocly'),
      ['lint', file, '--format=json'],
      {
        cwd: app.makePath(),
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 20 * 1024 * 1024,
      }
    )
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number }
      problems: { ruleId: string; message: string }[]
    }
    assert.deepEqual(
      report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`),
      []
    )
    assert.deepEqual(report.totals, { ...report.totals, errors: 0, warnings: 0 })
  }).timeout(60_000)

  test('the docs page lists the calls', async ({ client }) => {
    const response = await client.get('/api/docs')
    response.assertStatus(200)
    response.assertTextIncludes('/api/authentication/register_with_email_and_pass')
  })
})
