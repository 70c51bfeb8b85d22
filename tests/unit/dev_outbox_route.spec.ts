import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'

const run = promisify(execFile)

/*
 * The routes an app booted with NODE_ENV=<env> registers, as `node ace
 * list:routes` lists them: a child process, since NODE_ENV is read once at
 * boot. Production refuses to boot without its services, so they are named
 * (list:routes connects to none of them).
 */
async function routePatterns(nodeEnv: 'production' | 'development') {
  const { stdout } = await run(process.execPath, ['ace.js', 'list:routes', '--json'], {
    cwd: app.makePath(),
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      APP_KEY: 'a-key-for-listing-routes-only-32-characters',
      DATABASE_URL: 'postgres://db.invalid/mnemo',
      REDIS_URL: 'redis://cache.invalid:6379/0',
      SMTP_HOST: 'smtp.invalid',
      APP_URL: 'https://mnemo.invalid',
    },
    maxBuffer: 32 * 1024 * 1024,
  })
  const domains = JSON.parse(stdout.slice(stdout.indexOf('['))) as {
    routes: { pattern: string }[]
  }[]
  return domains.flatMap((domain) => domain.routes.map((route) => route.pattern))
}

test.group('The development outbox route', () => {
  test('is registered in development, never in production', async ({ assert }) => {
    const development = await routePatterns('development')
    assert.include(development, '/dev/outbox')
    assert.include(development, '/dev/server-error')
    const production = await routePatterns('production')
    assert.include(production, '/decks/:id/exports')
    assert.notInclude(production, '/dev/outbox')
    assert.isEmpty(production.filter((pattern) => pattern.startsWith('/dev')))
  }).timeout(60_000)
})
