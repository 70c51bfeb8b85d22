import { test } from '@japa/runner'
import { assertProductionServices } from '#start/production'

const complete: Record<string, string> = {
  DATABASE_URL: 'postgres://db/mnemo',
  REDIS_URL: 'redis://cache:6379',
  SMTP_HOST: 'smtp.example.test',
  APP_URL: 'https://mnemo.example.test',
}

test.group('Production services', () => {
  test('boots with real database, Redis, SMTP and a public URL', ({ assert }) => {
    assert.doesNotThrow(() => assertProductionServices((name) => complete[name]))
  })

  test('refuses to boot without them, naming what is missing', ({ assert }) => {
    assert.throws(
      () => assertProductionServices(() => undefined),
      /DATABASE_URL or DB_HOST, REDIS_URL, SMTP_HOST, APP_URL/
    )
    const noRedis: Record<string, string> = { ...complete, REDIS_URL: '' }
    assert.throws(() => assertProductionServices((name) => noRedis[name]), /missing: REDIS_URL$/)
  })

  test('behind a pooler in transaction mode, needs a direct URL for LISTEN', ({ assert }) => {
    const pooled: Record<string, string> = { ...complete, DB_POOLER: 'transaction' }
    assert.throws(
      () => assertProductionServices((name) => pooled[name]),
      /missing: DATABASE_LISTEN_URL/
    )
    const listening: Record<string, string> = {
      ...pooled,
      DATABASE_LISTEN_URL: 'postgres://db-direct/mnemo',
    }
    assert.doesNotThrow(() => assertProductionServices((name) => listening[name]))
  })
})
