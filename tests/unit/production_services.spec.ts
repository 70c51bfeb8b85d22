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
    assert.throws(() => assertProductionServices(() => undefined), /DATABASE_URL or DB_HOST, REDIS_URL, SMTP_HOST, APP_URL/)
    const noRedis: Record<string, string> = { ...complete, REDIS_URL: '' }
    assert.throws(() => assertProductionServices((name) => noRedis[name]), /missing: REDIS_URL$/)
  })
})
